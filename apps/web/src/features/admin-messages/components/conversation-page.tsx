import { useTexts } from '../../../lib/i18n.tsx';
import { Link, useParams } from 'react-router';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConversation, useNewMessages, type Message } from '../api/get-conversation.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendReply } from '../api/send-reply.ts';
import { ChatPanel } from '../../../components/chat/chat-panel.tsx';
import { threadMessages } from '../../../components/chat/thread-data.ts';
import { useMarkReadOnView } from '../../../components/chat/thread-data.ts';

const fromMember = (m: Message) => !m.from_committee;

const textLink =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** /admin/messages/:memberId: one member's conversation, answered for the committee. */
export function ConversationPage() {
  const i18n = useTexts();
  const memberId = Number(useParams().memberId);
  const isValidId = Number.isInteger(memberId) && memberId > 0;
  const thread = useConversation(isValidId ? memberId : 0);
  useNewMessages(memberId, isValidId && thread.isSuccess);
  const reply = useSendReply(memberId);
  const messages = threadMessages(thread.data);
  const member = thread.data?.pages[0]?.member;
  const { mutate: markRead } = useMarkConversationRead(memberId);
  // The member's messages are marked read once they are on a visible page.
  useMarkReadOnView(messages, fromMember, markRead);

  const notFound = !isValidId || (thread.error instanceof ApiError && thread.error.status === 404);

  return (
    <div className="flex flex-col gap-4">
      <title>
        {member
          ? i18n._('admin-messages.thread.pageTitle', { name: member.name })
          : i18n._('admin-messages.list.pageTitle')}
      </title>
      <Link
        to="/admin/messages"
        className={`${textLink} inline-flex min-h-11 items-center gap-1 self-start`}
      >
        <ArrowStartIcon className="size-5" />
        {i18n._('admin-messages.thread.back')}
      </Link>
      {member && (
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900">
            {i18n._('admin-messages.thread.title', { name: member.name })}
          </h1>
          <p className="text-slate-700">
            {i18n._('admin-messages.thread.memberId', { id: member.unique_id })} ·{' '}
            <Link to={`/admin/members/${member.id}`} className={textLink}>
              {i18n._('admin-messages.thread.openMember')}
            </Link>
          </p>
        </div>
      )}
      {notFound ? (
        <EmptyState title={i18n._('admin-messages.thread.notFound')} />
      ) : (
        <ChatPanel
          thread={thread}
          messages={messages}
          mySide="committee"
          ns="admin-messages"
          empty={{
            title: i18n._('admin-messages.thread.emptyTitle'),
            body: i18n._('admin-messages.thread.emptyBody'),
          }}
          onSend={(values) => reply.mutateAsync(values)}
        />
      )}
    </div>
  );
}
