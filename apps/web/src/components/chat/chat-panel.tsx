import type { ReactNode } from 'react';
import type { ChatTexts } from './texts.ts';
import type { Message } from '@jamiya/contracts/messages';
import { errorMessage } from '../../lib/messages.ts';
import { EmptyState, ErrorState, Spinner } from '../states.tsx';
import type { MessageFormOutput } from './message-form.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageThread } from './message-thread.tsx';

/**
 * A conversation with its loading, error and empty states, and the composer below it: the
 * body of the member's Contact/Chat and of the admin's conversation page.
 */
export function ChatPanel({
  thread,
  messages,
  mySide,
  ns,
  empty,
  onSend,
}: {
  thread: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  messages: Message[];
  mySide: 'member' | 'committee';
  /** The feature's i18n namespace, holding the `chat` and `composer` texts. */
  ns: ChatTexts;
  /** What the empty state says before the first message. */
  empty: { title: string; body: ReactNode };
  onSend: (values: MessageFormOutput) => Promise<unknown>;
}) {
  if (thread.isPending) return <Spinner />;
  if (thread.isError)
    return (
      <ErrorState message={errorMessage(thread.error)} onRetry={() => void thread.refetch()} />
    );
  return (
    <>
      {messages.length === 0 ? (
        <EmptyState title={empty.title}>
          <p className="text-sm">{empty.body}</p>
        </EmptyState>
      ) : (
        <MessageThread
          messages={messages}
          mySide={mySide}
          ns={ns}
          older={{
            hasNextPage: thread.hasNextPage,
            isFetchingNextPage: thread.isFetchingNextPage,
            fetchNextPage: thread.fetchNextPage,
          }}
        />
      )}
      <MessageComposer ns={ns} onSend={onSend} />
    </>
  );
}
