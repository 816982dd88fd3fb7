import { copyText } from '../../../lib/clipboard.ts';
import { LinkToCopy } from '../../../components/link-to-copy.tsx';
import { useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import type { PasswordLink } from '@jamiya/contracts/membership';
import { Button } from '../../../components/button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/**
 * A one-time link to set a password. With mail set up the server sends it to the account
 * alone (`link` null): the admin is told where it went. Without, the server gives it here,
 * once: the admin copies it and hands it to the member.
 */
export function PasswordLinkPanel({
  link,
  emailed,
  email,
}: {
  link: PasswordLink | null;
  emailed?: boolean | undefined;
  email?: string | undefined;
}) {
  const i18n = useTexts();
  if (!link) {
    return (
      <p
        role="status"
        className="rounded-xl border border-green-300 bg-green-50 p-4 text-sm font-semibold text-green-900"
      >
        {i18n._('admin-members.link.mailedOnly', { email: email ?? '' })}
      </p>
    );
  }
  return <LinkToHandOver link={link} emailed={emailed} email={email} />;
}

function LinkToHandOver({
  link,
  emailed,
  email,
}: {
  link: PasswordLink;
  emailed?: boolean | undefined;
  email?: string | undefined;
}) {
  const i18n = useTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copy = async () => {
    if (await copyText(link.url)) {
      setCopyState('copied');
    } else {
      input.current?.select();
      setCopyState('manual');
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h3 id={`${id}-title`} className="font-bold">
        {i18n._('admin-members.link.title')}
      </h3>
      <p className="text-sm">{i18n._('admin-members.link.onlyOnce')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <LinkToCopy
          id={`${id}-url`}
          label={i18n._('admin-members.link.label')}
          url={link.url}
          inputRef={input}
        />
        <Button onClick={() => void copy()} className="shrink-0">
          {i18n._('admin-members.link.copy')}
        </Button>
      </div>
      <p
        role="status"
        className={
          copyState === 'idle'
            ? 'sr-only'
            : `text-sm font-semibold ${copyState === 'copied' ? 'text-green-800' : 'text-slate-800'}`
        }
      >
        {copyState === 'copied' && i18n._('admin-members.link.copied')}
        {copyState === 'manual' && i18n._('admin-members.link.copyByHand')}
      </p>
      <p className="text-sm">
        {i18n._('admin-members.link.expires', { when: formatDateTime(link.expires_at) })}
      </p>
      {emailed !== undefined && (
        <p className="text-sm font-semibold">
          {emailed
            ? i18n._('admin-members.link.emailed', { email: email ?? '' })
            : i18n._('admin-members.link.notEmailed')}
        </p>
      )}
    </section>
  );
}
