import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../../api/get-profile.ts';
import { ChatIcon } from '../../../components/icons.tsx';
import { ComingSoonNotice } from './coming-soon-notice.tsx';

/**
 * /user/contact-chat: messages to the committee (PRODUCT.md section 7) are not built yet, so
 * the page says so and tells the member how to reach the committee meanwhile.
 */
export function ContactChatPage() {
  const { t } = useTranslation('extras');
  // The session check has loaded the profile before any member page shows.
  const uniqueId = useProfile().data?.userData.unique_id;
  const linkClass = 'font-medium text-brand-700 underline underline-offset-2';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <ChatIcon className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{t('contact.title')}</h1>
      </div>
      <ComingSoonNotice>{t('contact.notYet')}</ComingSoonNotice>
      <section aria-labelledby="contact-meanwhile" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="contact-meanwhile" className="text-lg font-bold text-slate-900">
          {t('contact.meanwhileTitle')}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-slate-800">
          <li>{t('contact.meeting')}</li>
          {uniqueId && <li>{t('contact.quoteId', { id: uniqueId })}</li>}
        </ul>
      </section>
      <section aria-labelledby="contact-self" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="contact-self" className="text-lg font-bold text-slate-900">
          {t('contact.selfTitle')}
        </h2>
        <ul className="mt-3 flex flex-col gap-1 text-slate-800">
          <li>
            <Link
              to="/user/monthly-pay"
              className={`inline-flex min-h-11 items-center ${linkClass}`}
            >
              {t('contact.dues')}
            </Link>
          </li>
          <li>
            <Link to="/user/my-loan" className={`inline-flex min-h-11 items-center ${linkClass}`}>
              {t('contact.loan')}
            </Link>
          </li>
          <li>
            <Link
              to="/user/my-profile"
              className={`inline-flex min-h-11 items-center ${linkClass}`}
            >
              {t('contact.profile')}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
