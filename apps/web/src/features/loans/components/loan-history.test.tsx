import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { LoanHistory } from './loan-history.tsx';

// Issue 50, point 7: a loan brought in from the association's books says so in the member's
// language; the import it came with is the treasurer's business, written in English.
describe("a loan's history", () => {
  it('says a loan was brought in, without the import it came with', () => {
    renderWithProviders(
      <LoanHistory
        transitions={[
          {
            from: null,
            to: 'active',
            at: '2026-06-01T00:00:00+04:00',
            by: 'admin',
            reason: "Brought in from the association's books (import 3)",
          },
          { from: 'active', to: 'closed', at: '2026-11-02T08:00:00Z', by: 'system', reason: null },
        ]}
      />,
    );
    expect(screen.getByText("Brought in from the association's books")).toBeInTheDocument();
    expect(screen.queryByText(/import 3/)).toBeNull();
    expect(screen.getByText('1 June 2026')).toBeInTheDocument();
  });
});
