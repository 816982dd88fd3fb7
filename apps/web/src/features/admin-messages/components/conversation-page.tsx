import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/messages.ts';
import {
  threadMessages,
  useConversation,
  useNewMessages,
  type Message,
} from '../api/get-conversation.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendReply } from '../api/send-reply.ts';
import { MessageComposer } from '../../../components/chat/message-composer.tsx';
import { MessageThread } from '../../../components/chat/message-thread.tsx';
import { usePageVisible } from '../../../components/chat/use-page-visible.ts';

const textLink =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** /admin/messages/:memberId: one member's conversation, answered for the committee. */
export function ConversationPage() {
  const { t } = useTranslation('admin-messages');
  const memberId = Number(useParams().memberId);
  const isValidId = Number.isInteger(memberId) && memberId > 0;
  const thread = useConversation(isValidId ? memberId : 0);
  useNewMessages(memberId, isValidId && thread.isSuccess);
  const reply = useSendReply(memberId);
  const messages = threadMessages(thread.data);
  const member = thread.data?.pages[0]?.member;
  useMarkReadOnView(memberId, messages);

  let content;
  if (!isValidId || (thread.error instanceof ApiError && thread.error.status === 404))
    content = <EmptyState title={t('thread.notFound')} />;
  else if (thread.isPending) content = <Spinner />;
  else if (thread.isError)
    content = (
      <ErrorState message={errorMessage(thread.error)} onRetry={() => void thread.refetch()} />
    );
  else
    content = (
      <>
        {messages.length === 0 ? (
          <EmptyState title={t('thread.emptyTitle')}>
            <p className="text-sm">{t('thread.emptyBody')}</p>
          </EmptyState>
        ) : (
          <MessageThread
            messages={messages}
            mySide="committee"
            ns="admin-messages"
            older={{
              hasNextPage: thread.hasNextPage,
              isFetchingNextPage: thread.isFetchingNextPage,
              fetchNextPage: thread.fetchNextPage,
            }}
          />
        )}
        <MessageComposer ns="admin-messages" onSend={(values) => reply.mutateAsync(values)} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <title>{member ? t('thread.pageTitle', { name: member.name }) : t('list.pageTitle')}</title>
      <Link
        to="/admin/messages"
        className={`${textLink} inline-flex min-h-11 items-center gap-1 self-start`}
      >
        <ArrowStartIcon className="size-5" />
        {t('thread.back')}
      </Link>
      {member && (
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900">
            {t('thread.title', { name: member.name })}
          </h1>
          <p className="text-slate-700">
            {t('thread.memberId', { id: member.unique_id })} ·{' '}
            <Link to={`/admin/members/${member.id}`} className={textLink}>
              {t('thread.openMember')}
            </Link>
          </p>
        </div>
      )}
      {content}
    </div>
  );
}

/** Marks the member's messages read once they are on a visible page, each batch once. */
function useMarkReadOnView(memberId: number, messages: Message[]) {
  const { mutate: markRead } = useMarkConversationRead(memberId);
  const isVisible = usePageVisible();
  const markedUpTo = useRef(0);
  const newestUnread = messages.reduce(
    (max, m) => (!m.from_committee && !m.read && m.id > max ? m.id : max),
    0,
  );
  useEffect(() => {
    if (!isVisible || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    markRead();
  }, [isVisible, newestUnread, markRead]);
}
