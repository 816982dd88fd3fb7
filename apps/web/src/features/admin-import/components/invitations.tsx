import { copyText } from '../../../lib/clipboard.ts';
import { LinkToCopy } from '../../../components/link-to-copy.tsx';
import { useId, useRef, useState } from 'react';
import type { ImportInvitation } from '@jamiya/contracts/imports';
import { LANGUAGE_NAMES } from '@jamiya/contracts/languages';
import { useTexts } from '../../../lib/i18n.tsx';
import { buttonLink } from '../../../components/styles.ts';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { isolated } from '../../../lib/bidi.ts';
import { whatsAppLink } from '../../../lib/whatsapp.ts';
import { saveText, toCsv } from '../lib/invitations.ts';

const AT_ONCE = 25;

/**
 * The links to set a password, one a new member, when no mail could carry them: for the two
 * admins who brought the members in to copy, send on WhatsApp with the server's message in the
 * member's language, or download as a CSV made here.
 */
export function Invitations({
  invitations,
  title,
}: {
  invitations: ImportInvitation[];
  /** The heading; "N invitations to hand over" when unset. */
  title?: string;
}) {
  const i18n = useTexts();
  const [shown, setShown] = useState(AT_ONCE);
  const [said, setSaid] = useState('');
  const firstExpiry = invitations
    .map((i) => i.set_password_link.expires_at)
    .reduce((a, b) => (a < b ? a : b));

  const download = () => {
    const header = [
      i18n._('admin-import.invitations.csv.name'),
      i18n._('admin-import.invitations.csv.memberId'),
      i18n._('admin-import.invitations.csv.email'),
      i18n._('admin-import.invitations.csv.mobile'),
      i18n._('admin-import.invitations.csv.language'),
      i18n._('admin-import.invitations.csv.link'),
      i18n._('admin-import.invitations.csv.expires'),
    ];
    const rows = invitations.map((i) => [
      i.member.name,
      i.member.unique_id,
      i.email,
      i.mobile ?? '',
      LANGUAGE_NAMES[i.language],
      i.set_password_link.url,
      formatDateTime(i.set_password_link.expires_at),
    ]);
    saveText(toCsv(header, rows), `jamiya-invitations-${dubaiToday()}.csv`);
  };

  return (
    <section
      aria-labelledby="import-invitations"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h3 id="import-invitations" className="font-bold">
        {title ?? i18n._('admin-import.invitations.title', { count: invitations.length })}
      </h3>
      <p className="text-sm">
        {i18n._('admin-import.invitations.kept', { when: formatDateTime(firstExpiry) })}
      </p>
      <div>
        <Button variant="secondary" onClick={download}>
          {i18n._('admin-import.invitations.download')}
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {invitations.slice(0, shown).map((i) => (
          <InvitationItem
            key={i.member.id}
            invitation={i}
            whatsApp={whatsAppLink(i.mobile, i.message)}
            onSaid={setSaid}
          />
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={invitations.length > shown}
        isFetchingNextPage={false}
        fetchNextPage={() => setShown((n) => n + AT_ONCE)}
      >
        {i18n._('admin-import.invitations.showMore', { count: invitations.length - shown })}
      </ShowMoreButton>
      <p role="status" className={said ? 'text-sm font-semibold text-green-800' : 'sr-only'}>
        {said}
      </p>
    </section>
  );
}

function InvitationItem({
  invitation: i,
  whatsApp,
  onSaid,
}: {
  invitation: ImportInvitation;
  whatsApp: string | null;
  onSaid: (words: string) => void;
}) {
  const i18n = useTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isByHand, setByHand] = useState(false);
  const copy = async () => {
    if (await copyText(i.set_password_link.url)) {
      onSaid(i18n._('admin-import.invitations.copied', { name: isolated(i.member.name) }));
    } else {
      setByHand(true);
      onSaid(i18n._('admin-import.invitations.copyByHand'));
      setTimeout(() => input.current?.select());
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span id={`${id}-name`} className="font-semibold">
          <bdi>{i.member.name}</bdi>
        </span>
        <span className="text-sm text-slate-700">
          <span dir="ltr" translate="no">
            {i.member.unique_id}
          </span>
          {' · '}
          {i.mobile ? (
            <span dir="ltr">{i.mobile}</span>
          ) : (
            i18n._('admin-import.invitations.noMobile')
          )}
          {' · '}
          <span lang={i.language}>{LANGUAGE_NAMES[i.language]}</span>
        </span>
        {isByHand && (
          <LinkToCopy
            id={`${id}-url`}
            label={i18n._('admin-import.invitations.linkOf', { name: isolated(i.member.name) })}
            url={i.set_password_link.url}
            inputRef={input}
            className="mt-2"
          />
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" aria-describedby={`${id}-name`} onClick={() => void copy()}>
          {i18n._('admin-import.invitations.copy')}
        </Button>
        {whatsApp && (
          <a
            href={whatsApp}
            target="_blank"
            rel="noreferrer"
            aria-describedby={`${id}-name`}
            className={buttonLink}
          >
            {i18n._('admin-import.invitations.whatsApp')}
          </a>
        )}
      </div>
    </li>
  );
}
