import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { threadMessages, useNewMessages, useThread, type Message } from '../api/get-messages.ts';
import { useMarkMessagesRead } from '../api/mark-messages-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { MessageComposer } from '../../../components/chat/message-composer.tsx';
import { MessageThread } from '../../../components/chat/message-thread.tsx';
import { usePageVisible } from '../../../components/chat/use-page-visible.ts';

/** /user/contact-chat: the member's conversation with the committee (issue 5). */
export function ContactChatPage() {
  const { t } = useTranslation('chat');
  const thread = useThread();
  useNewMessages(thread.isSuccess);
  const send = useSendMessage();
  const messages = threadMessages(thread.data);
  useMarkReadOnView(messages);

  let content;
  if (thread.isPending) content = <Spinner />;
  else if (thread.isError)
    content = (
      <ErrorState message={errorMessage(thread.error)} onRetry={() => void thread.refetch()} />
    );
  else
    content = (
      <>
        {messages.length === 0 ? (
          <EmptyState title={t('chat.emptyTitle')}>
            <p className="text-sm">{t('chat.emptyBody')}</p>
          </EmptyState>
        ) : (
          <MessageThread
            messages={messages}
            mySide="member"
            ns="chat"
            older={{
              hasNextPage: thread.hasNextPage,
              isFetchingNextPage: thread.isFetchingNextPage,
              fetchNextPage: thread.fetchNextPage,
            }}
          />
        )}
        <MessageComposer ns="chat" onSend={(values) => send.mutateAsync(values)} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t('chat.title')}</h1>
        <p className="text-slate-700">{t('chat.subtitle')}</p>
      </div>
      {content}
    </div>
  );
}

/** Marks the committee's messages read once they are on a visible page, each batch once. */
function useMarkReadOnView(messages: Message[]) {
  const { mutate: markRead } = useMarkMessagesRead();
  const isVisible = usePageVisible();
  const markedUpTo = useRef(0);
  const newestUnread = messages.reduce(
    (max, m) => (m.from_committee && !m.read && m.id > max ? m.id : max),
    0,
  );
  useEffect(() => {
    if (!isVisible || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    markRead();
  }, [isVisible, newestUnread, markRead]);
}
