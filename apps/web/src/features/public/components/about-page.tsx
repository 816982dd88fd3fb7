import type { ComponentType, SVGProps } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import {
  ABOUT_RUN_ITEMS_TEXTS,
  ABOUT_VALUES_BODY_TEXTS,
  ABOUT_VALUES_TITLE_TEXTS,
} from '../texts.ts';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons.tsx';
import { SecurityIllustration } from '../../../components/illustrations.tsx';
import {
  FairnessIllustration,
  MutualHelpIllustration,
  TransparencyIllustration,
} from './illustrations.tsx';
import { primaryLink } from '../../../components/link-styles.ts';

const VALUES: { key: string; Picture: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'transparency', Picture: TransparencyIllustration },
  { key: 'fairness', Picture: FairnessIllustration },
  { key: 'trust', Picture: SecurityIllustration },
  { key: 'help', Picture: MutualHelpIllustration },
];

const RUN_ITEMS = ['committee', 'books', 'rules'] as const;

export function AboutPage() {
  const i18n = useTexts();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-10 md:py-14">
      <title>{i18n._('public.about.pageTitle')}</title>
      <header>
        <h1 className="text-4xl font-extrabold text-slate-900">{i18n._('public.about.title')}</h1>
        <p className="mt-4 text-lg text-slate-700">{i18n._('public.about.intro')}</p>
      </header>

      <section aria-labelledby="about-mission" className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h2 id="about-mission" className="text-2xl font-bold text-slate-900">
            {i18n._('public.about.mission.title')}
          </h2>
          <p className="text-slate-700">{i18n._('public.about.mission.body1')}</p>
          <p className="text-slate-700">{i18n._('public.about.mission.body2')}</p>
        </div>
        <div className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-6">
          <h2 className="text-2xl font-bold text-slate-900">{i18n._('public.about.run.title')}</h2>
          <ul className="flex flex-col gap-3">
            {RUN_ITEMS.map((key) => (
              <li key={key} className="flex gap-3 text-slate-800">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>{i18n._(ABOUT_RUN_ITEMS_TEXTS[key]!)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-values">
        <h2 id="about-values" className="text-2xl font-bold text-slate-900">
          {i18n._('public.about.values.title')}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ key, Picture }) => (
            <li
              key={key}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <Picture className="size-12 shrink-0" />
              <div>
                <h3 className="text-lg font-bold text-slate-900">
                  {i18n._(ABOUT_VALUES_TITLE_TEXTS[key]!)}
                </h3>
                <p className="mt-1 text-slate-700">{i18n._(ABOUT_VALUES_BODY_TEXTS[key]!)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col items-start gap-4 rounded-2xl border border-brand-100 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-bold text-slate-900">{i18n._('public.about.cta.title')}</h2>
        <Link to="/join" className={primaryLink}>
          {i18n._('public.about.cta.join')}
        </Link>
      </section>
    </div>
  );
}
