import { describe, expect, it } from 'vitest';
import { ZAINAB_LINE, assignProposal } from '../testing/fixtures.ts';
import { proposalsByLine } from './line-proposals.ts';
import { fileProblemsOf } from './file-problems.ts';
import { memberIdIn } from './member-reference.ts';

describe('an assignment proposal beside its line', () => {
  it('goes with the line its details name', () => {
    const twin = { ...ZAINAB_LINE, id: 41 };
    const named = assignProposal({
      details: { memberId: 14, period: '2026-11', loanId: null, lineId: 41 },
    });
    expect([...proposalsByLine([ZAINAB_LINE, twin], [named]).keys()]).toEqual([41]);
  });

  it('goes with no line of another statement', () => {
    const elsewhere = { ...ZAINAB_LINE, id: 40 };
    expect(proposalsByLine([elsewhere], [assignProposal()]).size).toBe(0);
  });

  it('leaves other proposals alone', () => {
    expect(proposalsByLine([ZAINAB_LINE], [assignProposal({ action: 'loan.disburse' })]).size).toBe(
      0,
    );
  });
});

describe("a refused file's problems", () => {
  it('are gathered by line, in the file’s order', () => {
    expect(
      fileProblemsOf({
        'line 12': ['Another currency.'],
        'line 7: Credit': ['Not a number.'],
        file: ['Nothing was imported.'],
        'line 7: Transaction Date': ['No such day.'],
      }),
    ).toEqual({
      general: ['Nothing was imported.'],
      lines: [
        {
          line: 7,
          problems: [
            { column: 'Credit', message: 'Not a number.' },
            { column: 'Transaction Date', message: 'No such day.' },
          ],
        },
        { line: 12, problems: [{ column: null, message: 'Another currency.' }] },
      ],
    });
  });
});

describe("the member ID in a bank's text", () => {
  it.each([
    ['TRANSFER FROM AISHA JM000011 DUES', 'JM000011'],
    ['jm-123 nov', 'JM000123'],
    ['JM 45', 'JM000045'],
    ['تحويل JM000245 اشتراك', 'JM000245'],
    ['BANK CHARGES', null],
  ])('%s: %s', (text, id) => {
    expect(memberIdIn(text)).toBe(id);
  });
});
