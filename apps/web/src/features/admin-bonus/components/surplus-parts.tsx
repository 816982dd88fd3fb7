import type { BonusPreview } from '@jamiya/contracts/bonus';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';

/** More than the interest is shared: the texts say the surplus. */
export const isSurplus = (parts: BonusPreview['parts']) =>
  parts.fines !== null || parts.other_income !== null || parts.expenses !== null;

/**
 * Each part of the period's surplus with its amount, and whether the choice shares it: the
 * committee sees what ticking a box would add or take off before it decides.
 */
export function SurplusParts({ preview }: { preview: BonusPreview }) {
  const i18n = useTexts();
  const { parts, could_share: could } = preview;
  const rows = [
    {
      id: 'interest',
      label: i18n._('admin-bonus.parts.interest'),
      amount: parts.interest,
      isIn: true,
    },
    {
      id: 'fines',
      label: i18n._('admin-bonus.parts.fines'),
      amount: could.fines,
      isIn: parts.fines !== null,
    },
    {
      id: 'other',
      label: i18n._('admin-bonus.parts.otherIncome'),
      amount: could.other_income,
      isIn: parts.other_income !== null,
    },
    {
      id: 'expenses',
      label: i18n._('admin-bonus.parts.expenses'),
      amount: -could.expenses,
      isIn: parts.expenses !== null,
    },
  ];
  return (
    <dl className="flex flex-col divide-y divide-slate-200 rounded-xl bg-slate-50 px-3">
      {rows.map((r) => (
        <div key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
          <dt className={r.isIn ? 'text-slate-900' : 'text-slate-600'}>
            {r.label}{' '}
            <span className="text-sm">
              ({r.isIn ? i18n._('admin-bonus.parts.shared') : i18n._('admin-bonus.parts.notShared')}
              )
            </span>
          </dt>
          <dd
            className={`tabular-nums ${r.isIn ? 'font-semibold text-slate-900' : 'text-slate-600 line-through'}`}
          >
            {aed(r.amount)}
          </dd>
        </div>
      ))}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
        <dt className="font-bold text-slate-900">{i18n._('admin-bonus.parts.total')}</dt>
        <dd className="font-bold text-slate-900 tabular-nums">{aed(parts.shared)}</dd>
      </div>
    </dl>
  );
}
