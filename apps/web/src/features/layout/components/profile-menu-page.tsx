import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import { useAccountData } from '../../../api/get-account-data.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { useSignOut } from '../../../api/logout.ts';
import { PROFILE_MENU, SIGN_OUT_ENTRY } from './menu-entries.ts';

/** /user/profile: the profile menu on a phone (the header is hidden here). */
export function ProfileMenuPage() {
  const { t } = useTranslation('layout');
  const profile = useProfile();
  const account = useAccountData();
  const signOut = useSignOut();
  if (!profile.data) return <Spinner />;
  const user = profile.data.userData;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <div className="flex items-center gap-2">
        <Link
          to="/user"
          aria-label={t('nav.home')}
          className="grid size-11 place-items-center rounded-full hover:bg-slate-100"
        >
          <ArrowStartIcon className="size-6" />
        </Link>
        <h1 className="text-xl font-bold text-slate-900">{t('menu.profile')}</h1>
      </div>
      <div className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm">
        <Avatar name={user.name} image={user.image} size={64} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">
            {account.data?.account_holder_name ?? user.name}
          </p>
          <p className="text-slate-600">{t('menu.id', { id: user.unique_id })}</p>
        </div>
      </div>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white shadow-sm">
        {PROFILE_MENU.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex min-h-14 items-center gap-3 px-4 text-slate-800 hover:bg-brand-50"
            >
              <Icon className="size-5 text-brand-700" />
              {t(`menu.${key}`)}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => void signOut()}
            className="flex min-h-14 w-full items-center gap-3 px-4 text-start text-slate-800 hover:bg-brand-50"
          >
            <SIGN_OUT_ENTRY.Icon className="size-5 text-brand-700" />
            {t(`menu.${SIGN_OUT_ENTRY.key}`)}
          </button>
        </li>
      </ul>
    </div>
  );
}
