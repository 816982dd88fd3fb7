// The conversation pieces shared by the member's Contact/Chat and the admin's Messages;
// texts come from the namespace `ns` of the page that uses them (chat.* and composer.* keys).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTexts } from '../../lib/i18n.tsx';
import { CHAT_TEXTS, type ChatTexts } from './texts.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { Message } from '@jamiya/contracts/messages';
import { ShowMoreButton } from '../show-more-button.tsx';
import { MessageAttachment } from './message-attachment.tsx';

const NEAR_BOTTOM_PX = 80;

/**
 * The conversation, oldest at the top. One's own bubbles sit at the inline end, the other
 * side's at the start (logical sides, so a right-to-left language mirrors them). It is a
 * `log`: a screen reader announces the messages that arrive, not the whole list again.
 */
export function MessageThread({
  messages,
  mySide,
  older,
  ns,
}: {
  messages: Message[];
  /** Whose bubbles go at the inline end: the member's page or the committee's. */
  mySide: 'member' | 'committee';
  older: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** The feature's i18n namespace, holding the `chat` texts. */
  ns: ChatTexts;
}) {
  const i18n = useTexts();
  const texts = CHAT_TEXTS[ns];
  const boxRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const wasNearBottom = useRef(true);
  const newestId = messages.at(-1)?.id;

  // Keeps the newest message in view when it arrives, unless the member scrolled up to read.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && wasNearBottom.current) box.scrollTop = box.scrollHeight;
  }, [newestId]);

  useEffect(() => {
    const box = boxRef.current;
    const list = listRef.current;
    if (!box || !list) return;
    const onScroll = () => {
      wasNearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    // A photo that loads after the scroll makes the list taller: stay at the bottom.
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (wasNearBottom.current) box.scrollTop = box.scrollHeight;
          })
        : null;
    resized?.observe(list);
    return () => {
      box.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, []);

  return (
    <div
      ref={boxRef}
      // A box that scrolls must be reachable by keyboard to be scrolled.
      tabIndex={0}
      role="log"
      aria-label={i18n._(texts['chat.threadLabel'])}
      className="max-h-[55dvh] min-h-48 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-brand-700 md:max-h-[60dvh] md:p-4"
    >
      <div className="mb-3">
        <ShowMoreButton {...older}>{i18n._(texts['chat.showOlder'])}</ShowMoreButton>
      </div>
      <ol ref={listRef} className="flex flex-col gap-3">
        {messages.map((m) => (
          <Bubble
            key={m.id}
            message={m}
            isMine={m.from_committee === (mySide === 'committee')}
            ns={ns}
          />
        ))}
      </ol>
    </div>
  );
}

function Bubble({ message, isMine, ns }: { message: Message; isMine: boolean; ns: ChatTexts }) {
  const i18n = useTexts();
  const texts = CHAT_TEXTS[ns];
  const isOwnMemberMessage = isMine && !message.from_committee;
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-1 ${isMine ? 'items-end self-end' : 'items-start self-start'}`}
    >
      {/* The committee is several people, so each of its messages says who wrote it. */}
      <p className={`text-xs font-semibold text-slate-700 ${isOwnMemberMessage ? 'sr-only' : ''}`}>
        {message.from_committee
          ? i18n._(texts['chat.committeeAuthor'], { name: message.author_name })
          : isMine
            ? i18n._(texts['chat.you'])
            : i18n._(texts['chat.memberAuthor'], { name: message.author_name })}
      </p>
      <div
        className={`flex flex-col gap-2 rounded-2xl px-3 py-2 shadow-sm ${isMine ? 'rounded-ee-sm bg-brand-700 text-white' : 'rounded-es-sm border border-slate-200 bg-white text-slate-900'}`}
      >
        {/* In the direction it was written in, whatever the reader's language. */}
        <p dir="auto" className="break-words whitespace-pre-wrap">
          {message.body}
        </p>
        {message.attachment && (
          <MessageAttachment attachment={message.attachment} isMine={isMine} ns={ns} />
        )}
      </div>
      <p className="text-xs text-slate-600">
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {isMine && message.read && <span> · {i18n._(texts['chat.seen'])}</span>}
      </p>
    </li>
  );
}
