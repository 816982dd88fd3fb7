import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettings } from '../api/get-settings.ts';
import { settingsBody } from '../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../testing/render.tsx';
import { i18n, Trans, useTexts, type Texts } from './i18n.tsx';

// The app's texts are loaded by testing/setup.ts (app/i18n.ts); these tests read real ones.
function Probe({ run }: { run: (texts: Texts) => string }) {
  const i18n = useTexts();
  return <p>{run(i18n)}</p>;
}

describe('texts', () => {
  it('looks up a text by its whole id', () => {
    render(<Probe run={(texts) => texts._('dues.banner.cta')} />);
    expect(screen.getByText('Apply a Loan')).toBeInTheDocument();
    expect(i18n._('common.networkError')).not.toBe('common.networkError');
  });

  it('picks the plural form by the count, by the language rules', () => {
    const one = i18n._('admin-loans.loan.months', { count: 1 });
    const many = i18n._('admin-loans.loan.months', { count: 6 });
    expect(one).toBe('1 month');
    expect(many).toBe('6 months');
  });

  it('reads any namespace loaded, and answers the id when it knows none', () => {
    render(<Probe run={(texts) => texts._('common.status.active')} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(i18n._('no.such.key')).toBe('no.such.key');
    expect(i18n.exists('common.status.active')).toBe(true);
    expect(i18n.exists('profile.Enter your name.')).toBe(false);
  });

  it('looks up a whole sentence, dots and all, as one id', async () => {
    const id = 'messages.Enter a valid email address.';
    try {
      await i18n.loadNamespaces('messages');
      await i18n.changeLanguage('hi');
      expect(i18n.exists(id)).toBe(true);
      expect(i18n._(id)).not.toMatch(/email|messages/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('puts an element around the tagged part of a text', () => {
    function Banner() {
      const i18n = useTexts();
      return (
        <p data-testid="banner">
          <Trans
            text={i18n._('dues.banner.first', { amount: '1,000 AED' })}
            components={{ amount: <strong /> }}
          />
        </p>
      );
    }
    render(<Banner />);
    expect(screen.getByText('1,000 AED').tagName).toBe('STRONG');
    expect(screen.getByTestId('banner')).toHaveTextContent('Get your 1st Loan 1,000 AED');
  });

  it('keeps one texts object between renders, a new one when the language changes', async () => {
    const seen: Texts[] = [];
    function Twice() {
      seen.push(useTexts());
      return null;
    }
    const { rerender } = render(<Twice />);
    rerender(<Twice />);
    expect(seen[0]).toBe(seen[1]);
    try {
      await act(() => i18n.changeLanguage('ar'));
      expect(seen.at(-1)).not.toBe(seen[0]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('loads a namespace once, however often it is asked for', async () => {
    await Promise.all([i18n.loadNamespaces('chat'), i18n.loadNamespaces(['chat', 'dues'])]);
    expect(i18n._('chat.chat.title')).toBe('Contact the committee');
  });

  it('sets the page direction for a right-to-left language', async () => {
    try {
      await i18n.changeLanguage('ar');
      expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('uses the six plural forms of Arabic, and the two of Hindi', async () => {
    const forms = (counts: number[]) =>
      counts.map((count) => i18n._('admin-loans.loan.months', { count }));
    try {
      await i18n.changeLanguage('ar');
      const arabic = forms([0, 1, 2, 3, 11, 100]);
      expect(new Set(arabic).size).toBe(6);
      // Latin digits in every language, as on the receipts (docs/languages.md).
      expect(arabic[3]).toMatch(/^3 /);
      await i18n.changeLanguage('hi');
      const hindi = [1, 2, 5].map((count) => i18n._('loans.apply.months', { count }));
      expect(hindi[0]).toMatch(/^1 /);
      expect(hindi[0]).not.toContain('month');
      expect(hindi[1]).toBe(hindi[2]!.replace('5', '2'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('falls back to the English texts of a namespace the language does not have', async () => {
    try {
      // The treasurer's pages are in English and Arabic only.
      await i18n.changeLanguage('hi');
      expect(i18n._('admin-loans.loan.months', { count: 2 })).toBe('2 months');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe("the loans' charge, as the association calls it (issue 34)", () => {
  function LoanTotal() {
    useSettings();
    const i18n = useTexts();
    return <p>{i18n._('loans.myLoan.total')}</p>;
  }

  it('says interest until the settings say otherwise, then service charge in every text', async () => {
    stubApi({
      'GET /api/settings': () => ({ body: settingsBody({ charge_called: 'service_charge' }) }),
    });
    renderWithProviders(<LoanTotal />);
    expect(await screen.findByText('Total with service charge')).toBeInTheDocument();
    // A text of another namespace, not on this page, follows too.
    expect(i18n._('statement.loanNote')).toContain('principal and service charge');
    expect(i18n._('statement.loanNote')).not.toMatch(/interest/);
  });

  it('keeps interest where the association calls it so', async () => {
    stubApi({ 'GET /api/settings': () => ({ body: settingsBody() }) });
    renderWithProviders(<LoanTotal />);
    expect(await screen.findByText('Total with interest')).toBeInTheDocument();
  });
});
