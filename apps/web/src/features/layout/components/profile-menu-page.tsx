import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Link } from 'react-router';
import { useAccountData } from '../../../api/get-account-data.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { useSignOut } from '../../../api/logout.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { ProfileMenuList } from './profile-menu-list.tsx';

/** /user/profile: the profile menu on a phone (the header is hidden here). */
export function ProfileMenuPage() {
  const i18n = useTexts();
  const profile = useProfile();
  const account = useAccountData();
  const { signOut, question } = useSignOut();
  const title = <PageTitle>{i18n._('layout.menu.profile')}</PageTitle>;
  if (!profile.data)
    return (
      <>
        {title}
        <Spinner />
      </>
    );
  const user = profile.data.userData;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      {title}
      <div className="flex items-center gap-2">
        <Link
          to="/user"
          aria-label={i18n._('layout.nav.home')}
          className="grid size-11 place-items-center rounded-full hover:bg-slate-100"
        >
          <ArrowStartIcon className="size-6" />
        </Link>
        <h1 className="text-xl font-bold text-slate-900">{i18n._('layout.menu.profile')}</h1>
      </div>
      <div className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm">
        <Avatar name={user.name} image={user.image} size={64} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">
            {account.data?.account_holder_name ?? user.name}
          </p>
          <p className="text-slate-600">{i18n._('layout.menu.id', { id: user.unique_id })}</p>
        </div>
      </div>
      <ProfileMenuList
        className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white shadow-sm"
        itemClass="flex min-h-14 items-center gap-3 px-4 text-slate-800 hover:bg-brand-50"
        onSignOut={() => void signOut()}
      />
      {/* Quiet, under the menu: a member going home for good finds it, no one taps it by chance. */}
      <Link
        to="/user/leave"
        className="inline-flex min-h-11 items-center self-center px-3 text-sm text-slate-600 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {i18n._('layout.menu.leave')}
      </Link>
      {question}
    </div>
  );
}
