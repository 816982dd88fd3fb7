import { useTexts } from '../../../lib/i18n.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { Link } from 'react-router';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useConversations, type Conversation } from '../api/get-conversations.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

/** /admin/messages: every member's conversation, newest activity first, unread ones marked. */
export function ConversationsPage() {
  const i18n = useTexts();
  const conversations = useConversations();
  const items = conversations.data?.pages.flatMap((p) => p.items) ?? [];

  let content;
  if (conversations.isPending) content = <Spinner />;
  else if (conversations.isError)
    content = (
      <ErrorState
        message={errorMessage(conversations.error)}
        onRetry={() => void conversations.refetch()}
      />
    );
  else if (items.length === 0)
    content = (
      <EmptyState title={i18n._('admin-messages.list.emptyTitle')}>
        <p className="text-sm">{i18n._('admin-messages.list.emptyBody')}</p>
      </EmptyState>
    );
  else
    content = (
      <>
        <ul aria-label={i18n._('admin-messages.list.label')} className="flex flex-col gap-2">
          {items.map((c) => (
            <ConversationItem key={c.member.id} conversation={c} />
          ))}
        </ul>
        <ShowMoreButton
          hasNextPage={conversations.hasNextPage}
          isFetchingNextPage={conversations.isFetchingNextPage}
          fetchNextPage={conversations.fetchNextPage}
        >
          {i18n._('admin-messages.list.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <title>{i18n._('admin-messages.list.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-messages.list.title')}
        subtitle={i18n._('admin-messages.list.subtitle')}
      />
      {content}
    </div>
  );
}

function ConversationItem({ conversation }: { conversation: Conversation }) {
  const i18n = useTexts();
  const { member, last_message: last, unread_count: unread } = conversation;
  return (
    <li>
      <Link
        to={`/admin/messages/${member.id}`}
        className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 rounded-xl border bg-white p-3 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${unread > 0 ? 'border-brand-700' : 'border-slate-200'}`}
      >
        <span className="truncate font-semibold text-slate-900">
          {i18n._('admin-messages.list.memberLine', { name: member.name, id: member.unique_id })}
        </span>
        <span className="justify-self-end">
          {unread > 0 ? (
            <StatusBadge tone="alert">
              {i18n._('admin-messages.list.unread', { count: unread })}
            </StatusBadge>
          ) : (
            <span className="sr-only">{i18n._('admin-messages.list.allRead')}</span>
          )}
        </span>
        <span className="truncate text-sm text-slate-700">
          {last.from_committee
            ? i18n._('admin-messages.list.fromCommittee', { body: last.body })
            : last.body}
        </span>
        <time dateTime={last.created_at} className="text-end text-sm text-slate-600">
          {formatDateTime(last.created_at)}
        </time>
      </Link>
    </li>
  );
}
