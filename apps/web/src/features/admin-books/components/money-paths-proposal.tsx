// A change of where members send their money, waiting for a second admin (issue 50): what it
// changes, and the second admin's Confirm, which saves the settings as they stand with it.
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES } from '@jamiya/contracts/languages';
import type { AdminSettings } from '@jamiya/contracts/settings';
import { useMyId, useProposals, type FundProposal } from '../../../api/proposals.ts';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { aed } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { getAdminSettingsQueryOptions } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { bodyOf } from '../lib/settings-form.ts';

/** The money paths a proposal asks for, as the server keeps them (settings/money-paths.ts). */
export interface ProposedPaths {
  instructions: string;
  translated: Partial<Record<(typeof TRANSLATED_LANGUAGES)[number], string>>;
  /** In AED. */
  oneAdminBankFee: number;
}

export function proposedPathsOf(p: FundProposal): ProposedPaths | null {
  const paths = (p.details as { paths?: Record<string, unknown> } | null)?.paths;
  if (!paths || typeof paths.instructions !== 'string') return null;
  return {
    instructions: paths.instructions,
    translated: (paths.translated ?? {}) as ProposedPaths['translated'],
    oneAdminBankFee: Number(paths.oneAdminBankFeeFils) / 100,
  };
}

/** The settings as they stand, with the proposal's money paths. */
function withPaths(settings: AdminSettings, paths: ProposedPaths) {
  const body = bodyOf(settings);
  const translations = { ...body.translations };
  for (const l of TRANSLATED_LANGUAGES)
    translations[l] = { ...translations[l], payment_instructions: paths.translated[l] ?? '' };
  return {
    ...body,
    payment_instructions: paths.instructions,
    translations,
    books_rules: { one_admin_bank_fee: paths.oneAdminBankFee },
    updated_at: settings.updated_at,
  };
}

export function MoneyPathsProposal({
  settings,
  onConfirmed,
}: {
  settings: AdminSettings;
  /** After the confirmation, with the settings as they now stand. */
  onConfirmed: (settings: AdminSettings) => void;
}) {
  const i18n = useTexts();
  const me = useMyId();
  const queryClient = useQueryClient();
  const update = useUpdateSettings();
  // The settings as they are now, not as this page's form has them (another admin may have
  // saved since it opened, and this one may have edits not saved): only the proposal changes.
  const confirm = async (paths: ProposedPaths) => {
    try {
      const now = await queryClient.fetchQuery({ ...getAdminSettingsQueryOptions(), staleTime: 0 });
      const res = await update.mutateAsync(withPaths(now, paths));
      toastSuccess(res.message);
      onConfirmed(res.settings);
    } catch (error) {
      toastError(error);
    }
  };
  const proposal = useProposals().data?.items.find((p) => p.action === 'settings.money_paths');
  const paths = proposal && proposedPathsOf(proposal);
  if (!proposal || !paths) return null;
  const changed = TRANSLATED_LANGUAGES.filter(
    (l) => (paths.translated[l] ?? '') !== (settings.translations[l]?.payment_instructions ?? ''),
  );
  const text = (value: string) => (
    <pre dir="auto" className="font-mono text-sm break-words whitespace-pre-wrap">
      {value || i18n._('admin-books.settings.moneyPaths.empty')}
    </pre>
  );
  return (
    <ProposalPanel
      proposal={proposal}
      isMine={proposal.proposed_by.id === me}
      confirmLabel={i18n._('admin-books.settings.moneyPaths.confirm')}
      onConfirm={() => void confirm(paths)}
    >
      <dl className="flex flex-col gap-2">
        {paths.instructions !== settings.payment_instructions && (
          <div>
            <dt className="font-semibold">{i18n._('admin-books.settings.moneyPaths.english')}</dt>
            <dd>{text(paths.instructions)}</dd>
          </div>
        )}
        {changed.map((l) => (
          <div key={l}>
            <dt className="font-semibold">
              {i18n._('admin-books.settings.moneyPaths.inLanguage', {
                language: `\u2068${LANGUAGE_NAMES[l]}\u2069`,
              })}
            </dt>
            <dd>{text(paths.translated[l] ?? '')}</dd>
          </div>
        ))}
        {paths.oneAdminBankFee !== settings.books_rules.one_admin_bank_fee && (
          <div>
            <dt className="font-semibold">
              {i18n._('admin-books.settings.books.oneAdminBankFee')}
            </dt>
            <dd>{aed(paths.oneAdminBankFee)}</dd>
          </div>
        )}
      </dl>
    </ProposalPanel>
  );
}
