import { numbersLocale } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { HOW_BODY_TEXTS } from '../texts.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { Link } from 'react-router';
import { aed } from '../../../lib/format.ts';
import { usePublicSettings } from '../api/get-public-settings.ts';
import { SecurityIllustration } from '../../../components/illustrations.tsx';
import {
  onDarkPrimaryLink,
  onDarkSecondaryLink,
  primaryLink,
  secondaryLink,
} from '../../../components/link-styles.ts';
import {
  DuesIllustration,
  HeroIllustration,
  JoinIllustration,
  LoanIllustration,
} from './illustrations.tsx';

export function LandingPage() {
  const i18n = useTexts();
  return (
    <div>
      <PageTitle>{i18n._('landing.hero.title')}</PageTitle>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 pt-8 pb-10 md:grid-cols-2 md:gap-12 md:py-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {i18n._('landing.hero.eyebrow')}
            </p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold text-slate-900 md:text-5xl">
              {i18n._('landing.hero.title')}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{i18n._('landing.hero.subline')}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to="/join" className={primaryLink}>
                {i18n._('landing.hero.join')}
              </Link>
              <Link to="/sign-in" className={secondaryLink}>
                {i18n._('landing.hero.signIn')}
              </Link>
            </div>
          </div>
          <HeroIllustration className="mx-auto h-auto w-full max-w-xs md:max-w-md" />
        </div>
      </section>
      <HowItWorks />
      <section className="mx-auto max-w-6xl px-4 pb-12">
        <div className="flex flex-col gap-5 rounded-3xl bg-brand-800 px-6 py-10 text-white md:flex-row md:items-center md:justify-between md:px-12">
          <div className="max-w-2xl break-words">
            <h2 className="text-2xl font-bold md:text-3xl">{i18n._('landing.cta.title')}</h2>
            <p className="mt-2 text-brand-50">{i18n._('landing.cta.body')}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
            <Link to="/join" className={onDarkPrimaryLink}>
              {i18n._('landing.cta.join')}
            </Link>
            <Link to="/about" className={onDarkSecondaryLink}>
              {i18n._('landing.cta.about')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

function HowItWorks() {
  const i18n = useTexts();
  // The figures come from the association's settings; until they arrive (or if they cannot
  // be loaded) the steps say the same thing without numbers, in a box of the same height.
  const settings = usePublicSettings();
  const policy = settings?.loan_policy;
  const steps = [
    { key: 'join', Picture: JoinIllustration, title: i18n._('landing.how.join.title') },
    {
      key: 'dues',
      Picture: DuesIllustration,
      title: settings
        ? i18n._('landing.how.dues.title', { amount: aed(settings.monthly_due) })
        : i18n._('landing.how.dues.titleFallback'),
    },
    {
      key: 'loans',
      Picture: LoanIllustration,
      title: policy
        ? i18n._('landing.how.loans.title', {
            min: aed(policy.minimum),
            max: aed(policy.maximum),
            rate: new Intl.NumberFormat(numbersLocale()).format(policy.interest_rate_percent),
          })
        : i18n._('landing.how.loans.titleFallback'),
    },
    { key: 'security', Picture: SecurityIllustration, title: i18n._('landing.how.security.title') },
  ] as const;

  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="how-it-works" className="text-3xl font-bold text-slate-900">
        {i18n._('landing.how.title')}
      </h2>
      <p className="mt-2 text-slate-700">{i18n._('landing.how.subline')}</p>
      <ol className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ key, Picture, title }, index) => (
          <li
            key={key}
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            {/* Beside the picture on a phone, below it on wider screens; either way the title
                box keeps room for two lines so the figures arriving move nothing. A word longer
                than the room beside the picture (Malayalam's, at 320 px) breaks. */}
            <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-3">
              <Picture className="size-16 shrink-0" />
              <div className="flex min-h-19 min-w-0 flex-col justify-center break-words sm:min-h-0">
                <p className="text-sm font-semibold text-brand-700">
                  {i18n._('landing.how.step', {
                    n: new Intl.NumberFormat(numbersLocale()).format(index + 1),
                  })}
                </p>
                <h3 className="text-lg leading-7 font-bold text-slate-900 sm:min-h-14">{title}</h3>
              </div>
            </div>
            <p className="text-slate-700">{i18n._(HOW_BODY_TEXTS[key]!)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
