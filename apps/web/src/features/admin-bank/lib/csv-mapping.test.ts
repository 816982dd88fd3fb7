import { describe, expect, it } from 'vitest';
import { columnsBody, enbdMapping } from '../testing/fixtures.ts';
import {
  dateOrderOf,
  decimalMarkOf,
  mappingOf,
  needsDateOrder,
  startingFields,
} from './csv-mapping.ts';

describe('how the dates are written', () => {
  it.each([
    [['2026-11-03', '2026-11-20'], { needed: false }],
    [['2026/11/03'], { needed: true, order: 'ymd' }],
    [['03/11/2026', '20/11/2026'], { needed: true, order: 'dmy' }],
    [['11/03/2026', '11/20/2026'], { needed: true, order: 'mdy' }],
    [['05.01.26', '15.01.26'], { needed: true, order: 'dmy' }],
    // Either order reads these: asked, never guessed.
    [['03/11/2026', '05/11/2026'], { needed: true }],
    [['yesterday'], { needed: true }],
  ])('%j: %j', (dates, answer) => {
    expect(dateOrderOf(dates)).toEqual(answer);
  });
});

describe('the decimal mark of the amounts', () => {
  it.each([
    [['1,250.50', '500.00'], '.'],
    [['1.250,50', '(26,25)', '3.000,00-'], ','],
    [['AED 750,50'], ','],
    [['1,250', '3,000'], '.'],
    [['200', '350'], undefined],
  ])('%j: %s', (amounts, mark) => {
    expect(decimalMarkOf(amounts)).toBe(mark);
  });
});

describe('the mapping', () => {
  it('starts from the columns whose names say what they hold', () => {
    expect(startingFields(columnsBody())).toEqual({
      date: 'Transaction Date',
      date_order: 'dmy',
      amount_mode: 'two',
      amount: '',
      credit: 'Credit',
      debit: 'Debit',
      reference: 'Reference',
      description: 'Description',
      balance: 'Balance',
      decimal: '.',
    });
  });

  it('reads Arabic headers and a signed amount', () => {
    const fields = startingFields(
      columnsBody({
        columns: ['التاريخ', 'البيان', 'المبلغ', 'الرصيد'],
        sample: [['2026-11-03', 'تحويل', '200,00', '12.200,00']],
      }),
    );
    expect(fields).toMatchObject({
      date: 'التاريخ',
      date_order: '',
      amount_mode: 'one',
      amount: 'المبلغ',
      description: 'البيان',
      balance: 'الرصيد',
      decimal: ',',
    });
  });

  it('takes the order the whole file proves when the sample cannot tell (issue 50)', () => {
    const early = [['03/11/2026', '03/11/2026', 'X', '', '', '200.00', '12,200.00']];
    expect(
      startingFields(columnsBody({ sample: early, date_orders: { 'Transaction Date': 'dmy' } })),
    ).toMatchObject({ date: 'Transaction Date', date_order: 'dmy' });
    expect(startingFields(columnsBody({ sample: early, date_orders: {} }))).toMatchObject({
      date_order: '',
    });
    // Nor asked for a column the file proves, chosen by hand or remembered without its order.
    const proven = columnsBody({ sample: early, date_orders: { 'Value Date': 'dmy' } });
    expect(needsDateOrder(proven, 'Value Date')).toBe(false);
    expect(needsDateOrder(proven, 'Transaction Date')).toBe(true);
    expect(
      startingFields({
        ...proven,
        remembered: { bank: 'ENBD', mapping: { date: 'Value Date', amount: 'Credit' } },
      }),
    ).toMatchObject({ date: 'Value Date', date_order: 'dmy' });
  });

  it('sends only the columns chosen, of the amount mode chosen', () => {
    expect(
      mappingOf({ ...startingFields(columnsBody()), amount: 'Credit', reference: '' }),
    ).toEqual(enbdMapping);
    expect(
      mappingOf({ ...startingFields(columnsBody()), amount_mode: 'one', amount: 'Credit' }),
    ).toMatchObject({ amount: 'Credit' });
  });
});
