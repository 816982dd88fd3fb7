import { useEffect, useState } from 'react';
import type { ImportApplied } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useImports } from '../api/get-imports.ts';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { ImportDesk } from './import-desk.tsx';
import { ImportHistory } from './import-history.tsx';
import { LaterPart, preloadLaterParts } from './later-parts.tsx';
import { TemplateCard } from './template-card.tsx';

/**
 * /admin/import: the association brought in from the spreadsheet it keeps (issue 36). The
 * template, the file checked (a dry run), the import applied or proposed to a second admin, the
 * one waiting for confirmation, and the imports made.
 */
export function ImportPage() {
  const i18n = useTexts();
  const imports = useImports();
  // An import just applied, here or by confirming one, with its invitations; later, those of
  // the latest import still to hand over.
  const [applied, setApplied] = useState<ImportApplied | null>(null);
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted) preloadLaterParts();
  }, [hasPagePainted]);
  const records = imports.data?.pages.flatMap((p) => p.items) ?? [];
  const waiting = records.find((record) => record.state === 'proposed');
  const latestApplied = records.find((record) => record.state === 'applied');
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-import.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-import.title')}
        subtitle={i18n._('admin-import.subtitle')}
      />
      {applied && (
        <LaterPart key={`applied-${applied.import.id}`}>
          {({ AppliedPanel }) => <AppliedPanel answer={applied} />}
        </LaterPart>
      )}
      {!applied && latestApplied && (
        <LaterPart key={`left-${latestApplied.id}`}>
          {({ InvitationsLeft }) => <InvitationsLeft importId={latestApplied.id} />}
        </LaterPart>
      )}
      {waiting && (
        <LaterPart key={`waiting-${waiting.id}`}>
          {({ WaitingImport }) => <WaitingImport record={waiting} onApplied={setApplied} />}
        </LaterPart>
      )}
      <TemplateCard />
      {/* Drawn anew once an import is applied: its form and answer start empty. */}
      <ImportDesk
        key={`desk-${applied?.import.id ?? 0}`}
        hasWaiting={waiting !== undefined}
        onApplied={setApplied}
      />
      <ImportHistory imports={imports} />
    </div>
  );
}
