import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { threadMessages } from '../../../components/chat/thread-data.ts';
import { useNewMessages, useThread, type Message } from '../api/get-messages.ts';
import { useMarkMessagesRead } from '../api/mark-messages-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { ChatPanel } from '../../../components/chat/chat-panel.tsx';
import { useMarkReadOnView } from '../../../components/chat/thread-data.ts';

const fromCommittee = (m: Message) => m.from_committee;

/** /user/contact-chat: the member's conversation with the committee (issue 5). */
export function ContactChatPage() {
  const i18n = useTexts();
  const thread = useThread();
  useNewMessages(thread.isSuccess);
  const send = useSendMessage();
  const messages = threadMessages(thread.data);
  const { mutate: markRead } = useMarkMessagesRead();
  // The committee's messages are marked read once they are on a visible page.
  useMarkReadOnView(messages, fromCommittee, markRead);

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{i18n._('chat.chat.title')}</PageTitle>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">
          {i18n._('chat.chat.title')}
        </h1>
        <p className="text-slate-700">{i18n._('chat.chat.subtitle')}</p>
      </div>
      <ChatPanel
        thread={thread}
        messages={messages}
        mySide="member"
        ns="chat"
        empty={{ title: i18n._('chat.chat.emptyTitle'), body: i18n._('chat.chat.emptyBody') }}
        onSend={(values) => send.mutateAsync(values)}
      />
    </div>
  );
}
