import { copyText } from '../../../lib/clipboard.ts';
import { LinkToCopy } from '../../../components/link-to-copy.tsx';
import { useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { buttonLink } from '../../../components/styles.ts';
import type { HandOver } from '@jamiya/contracts/members';
import { whatsAppLink } from '../../../lib/whatsapp.ts';
import { isolated } from '../../../lib/bidi.ts';
import { Button } from '../../../components/button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/**
 * A one-time link to set a password. With mail set up the server sends it to the account
 * alone (`handover` null): the admin is told where it went. Without, the server gives it here,
 * and again on the member's page until it is used: the admin copies it or sends it on WhatsApp
 * with the server's message in the member's language.
 */
export function PasswordLinkPanel({
  handover,
  emailed,
  email,
}: {
  handover: HandOver | null;
  emailed?: boolean | undefined;
  email?: string | undefined;
}) {
  const i18n = useTexts();
  if (!handover) {
    return (
      <p
        role="status"
        className="rounded-xl border border-green-300 bg-green-50 p-4 text-sm font-semibold text-green-900"
      >
        {i18n._('admin-members.link.mailedOnly', { email: email ?? '' })}
      </p>
    );
  }
  return <LinkToHandOver handover={handover} emailed={emailed} email={email} />;
}

/** The link, its copy and WhatsApp buttons, and who issued it; on the member's page too. */
export function LinkToHandOver({
  handover,
  emailed,
  email,
  headingLevel = 3,
}: {
  handover: HandOver;
  emailed?: boolean | undefined;
  email?: string | undefined;
  /** 3 inside a dialog; 2 on the member's page, under its h1. */
  headingLevel?: 2 | 3;
}) {
  const i18n = useTexts();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const link = handover.set_password_link;
  const whatsApp = whatsAppLink(handover.mobile, handover.message);
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
      <Heading id={`${id}-title`} className="font-bold">
        {handover.purpose === 'invite'
          ? i18n._('admin-members.link.titleInvite')
          : i18n._('admin-members.link.title')}
      </Heading>
      <p className="text-sm">{i18n._('admin-members.link.kept')}</p>
      <p className="text-sm">
        {handover.confirmed_by
          ? i18n._('admin-members.link.byTwo', {
              proposer: isolated(handover.issued_by),
              confirmer: isolated(handover.confirmed_by),
            })
          : i18n._('admin-members.link.byOne', { name: isolated(handover.issued_by) })}
      </p>
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
        {whatsApp && (
          <a
            href={whatsApp}
            target="_blank"
            rel="noreferrer"
            className={buttonLink}
          >
            {i18n._('admin-members.link.whatsApp')}
          </a>
        )}
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
