import { useState, type ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { GENDER_TEXTS } from '../texts.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useProfile } from '../../../api/get-profile.ts';
import { useSettings } from '../../../api/get-settings.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { paydayText } from '../lib/payday-text.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PaydayModal } from './payday-modal.tsx';

/** /user/my-profile: the profile view with the edit-profile and change-password modals (docs/product.md 10.2). */
export function MyProfilePage() {
  const i18n = useTexts();
  const profile = useProfile();
  const dueDay = useSettings().data?.dues_rules.due_day;
  const [openModal, setOpenModal] = useState<'edit' | 'password' | 'payday' | null>(null);

  const title = <PageTitle>{i18n._('profile.title')}</PageTitle>;
  if (profile.isPending || profile.isError)
    return (
      <>
        {title}
        {profile.isPending ? <Spinner /> : <ErrorState onRetry={() => void profile.refetch()} />}
      </>
    );
  const user = profile.data.userData;
  const isActive = user.status === 1;
  const notGiven = <span className="font-normal text-slate-500">{i18n._('profile.notGiven')}</span>;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {title}
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('profile.title')}</h1>
      <section className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 text-center shadow-sm sm:flex-row sm:text-start">
        <Avatar name={user.name} image={user.image} size={96} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xl font-bold break-words text-slate-900">{user.name}</p>
          <p className="text-slate-600">{i18n._('profile.idLine', { id: user.unique_id })}</p>
          <p>
            <span
              className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${isActive ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'}`}
            >
              {isActive ? i18n._('common.status.active') : i18n._('common.status.inactive')}
            </span>
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto">
          <Button onClick={() => setOpenModal('edit')}>{i18n._('profile.edit.open')}</Button>
          <Button variant="secondary" onClick={() => setOpenModal('password')}>
            {i18n._('profile.password.open')}
          </Button>
        </div>
      </section>
      <section
        aria-labelledby="profile-details"
        className="rounded-2xl bg-white px-5 py-2 shadow-sm"
      >
        <h2 id="profile-details" className="sr-only">
          {i18n._('profile.details')}
        </h2>
        <dl>
          <Row label={i18n._('profile.fields.name')}>{user.name}</Row>
          {/* An email, a phone number, a wallet, an ID: left to right in Arabic and Urdu too. */}
          <Row label={i18n._('profile.fields.email')}>
            <span dir="ltr">{user.email}</span>
          </Row>
          <Row label={i18n._('profile.fields.mobile')}>
            {user.mobile != null ? <span dir="ltr">{user.mobile}</span> : notGiven}
          </Row>
          <Row label={i18n._('profile.fields.address')}>{user.address ?? notGiven}</Row>
          <Row label={i18n._('profile.fields.gender')}>
            {user.gender ? i18n._(GENDER_TEXTS[user.gender]!) : notGiven}
          </Row>
          <Row label={i18n._('profile.fields.wallet')}>
            {user.wallet != null ? <span dir="ltr">{user.wallet}</span> : notGiven}
          </Row>
          <Row label={i18n._('profile.fields.payday')}>
            {/* On its own: the profile editor asks for a wallet, which a payday does not need. */}
            <span className="inline-flex flex-wrap items-baseline gap-x-3 sm:justify-end">
              <span>{paydayText(i18n, user.payday, dueDay)}</span>
              <Button
                variant="ghost"
                className="px-0 underline"
                onClick={() => setOpenModal('payday')}
              >
                {i18n._('profile.payday.open')}
              </Button>
            </span>
          </Row>
          <Row label={i18n._('profile.fields.status')}>
            {isActive ? i18n._('common.status.active') : i18n._('common.status.inactive')}
          </Row>
          <Row label={i18n._('profile.fields.memberSince')}>{formatDate(user.created_at)}</Row>
          <Row label={i18n._('profile.fields.id')}>
            <span dir="ltr">{user.unique_id}</span>
          </Row>
        </dl>
      </section>
      <PasskeysSection />
      <EditProfileModal
        user={user}
        isOpen={openModal === 'edit'}
        onClose={() => setOpenModal(null)}
      />
      <PaydayModal
        payday={user.payday}
        dueDay={dueDay}
        isOpen={openModal === 'payday'}
        onClose={() => setOpenModal(null)}
      />
      <ChangePasswordModal isOpen={openModal === 'password'} onClose={() => setOpenModal(null)} />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900 sm:text-end">{children}</dd>
    </div>
  );
}
