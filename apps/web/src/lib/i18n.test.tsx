import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettings } from '../api/get-settings.ts';
import { settingsBody } from '../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../testing/render.tsx';
import { i18n, Trans, useTranslation, type TFunction } from './i18n.tsx';

// The app's texts are loaded by testing/setup.ts (app/i18n.ts); these tests read real ones.
function Probe({ run }: { run: (t: TFunction) => string }) {
  const { t } = useTranslation('dues');
  return <p>{run(t)}</p>;
}

describe('texts', () => {
  it('looks up nested keys of the hook namespace and fills in values', () => {
    render(<Probe run={(t) => t('banner.cta')} />);
    expect(screen.getByText('Apply a Loan')).toBeInTheDocument();
    expect(i18n.t('networkError')).not.toBe('networkError');
  });

  it('picks the plural form by the count, by the language rules', () => {
    const one = i18n.t('loan.months', { ns: 'admin-loans', count: 1 });
    const many = i18n.t('loan.months', { ns: 'admin-loans', count: 6 });
    expect(one).toBe('1 month');
    expect(many).toBe('6 months');
  });

  it('reads another namespace when asked, and answers the key or a default when missing', () => {
    render(<Probe run={(t) => t('status.active', { ns: 'common' })} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('no.such.key', { defaultValue: 'fallback' })).toBe('fallback');
    expect(i18n.exists('status.active', { ns: 'common' })).toBe(true);
    expect(i18n.exists('Enter your name.', { ns: 'profile' })).toBe(false);
  });

  it('looks up a whole sentence, dots and all, as one key', () => {
    expect(
      i18n.t('Your session has ended. Please sign in again.', {
        ns: 'messages',
        defaultValue: 'same',
      }),
    ).toBe('same');
  });

  it('puts an element around the tagged part of a text', () => {
    function Banner() {
      const { t } = useTranslation('dues');
      return (
        <p data-testid="banner">
          <Trans
            t={t}
            i18nKey="banner.first"
            values={{ amount: '1,000 AED' }}
            components={{ amount: <strong /> }}
          />
        </p>
      );
    }
    render(<Banner />);
    expect(screen.getByText('1,000 AED').tagName).toBe('STRONG');
    expect(screen.getByTestId('banner')).toHaveTextContent('Get your 1st Loan 1,000 AED');
  });

  it('keeps one t per namespace between renders, for hook dependencies', () => {
    const seen: TFunction[] = [];
    function Twice() {
      seen.push(useTranslation('dues').t);
      return null;
    }
    const { rerender } = render(<Twice />);
    rerender(<Twice />);
    expect(seen[0]).toBe(seen[1]);
  });

  it('loads a namespace once, however often it is asked for', async () => {
    await Promise.all([i18n.loadNamespaces('chat'), i18n.loadNamespaces(['chat', 'dues'])]);
    expect(i18n.t('chat.title', { ns: 'chat' })).toBe('Contact the committee');
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
      counts.map((count) => i18n.t('loan.months', { ns: 'admin-loans', count }));
    try {
      await i18n.changeLanguage('ar');
      const arabic = forms([0, 1, 2, 3, 11, 100]);
      expect(new Set(arabic).size).toBe(6);
      // Latin digits in every language, as on the receipts (docs/languages.md).
      expect(arabic[3]).toMatch(/^3 /);
      await i18n.changeLanguage('hi');
      const hindi = [1, 2, 5].map((count) => i18n.t('apply.months', { ns: 'loans', count }));
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
      expect(i18n.t('loan.months', { ns: 'admin-loans', count: 2 })).toBe('2 months');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe("the loans' charge, as the association calls it (issue 34)", () => {
  function LoanTotal() {
    useSettings();
    const { t } = useTranslation('loans');
    return <p>{t('myLoan.total')}</p>;
  }

  it('says interest until the settings say otherwise, then service charge in every text', async () => {
    stubApi({
      'GET /api/settings': () => ({ body: settingsBody({ charge_called: 'service_charge' }) }),
    });
    renderWithProviders(<LoanTotal />);
    expect(await screen.findByText('Total with service charge')).toBeInTheDocument();
    // A text of another namespace, not on this page, follows too.
    expect(i18n.t('loanNote', { ns: 'statement' })).toContain('principal and service charge');
    expect(i18n.t('loanNote', { ns: 'statement' })).not.toMatch(/interest/);
  });

  it('keeps interest where the association calls it so', async () => {
    stubApi({ 'GET /api/settings': () => ({ body: settingsBody() }) });
    renderWithProviders(<LoanTotal />);
    expect(await screen.findByText('Total with interest')).toBeInTheDocument();
  });
});
