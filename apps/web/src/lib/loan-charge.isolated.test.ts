import { describe, expect, it, vi } from 'vitest';

// The association's name for the loans' charge is kept on the phone, so that a page opened
// before the settings come (My Loan, straight from a bookmark) already says it.
describe("the loans' charge kept on the phone", () => {
  it('is what the texts say from the start, before any settings come', async () => {
    localStorage.setItem('loanCharge', 'service_charge');
    vi.resetModules();
    const { default: i18n } = await import('../app/i18n.ts');
    await i18n.loadNamespaces('loans');
    expect(i18n._('loans.myLoan.total')).toBe('Total with service charge');
  });

  it('is interest on a phone that was never told', async () => {
    localStorage.clear();
    vi.resetModules();
    const { default: i18n } = await import('../app/i18n.ts');
    await i18n.loadNamespaces('loans');
    expect(i18n._('loans.myLoan.total')).toBe('Total with interest');
  });

  it('follows the settings as soon as they come, on a page that does not read them (My Loan)', async () => {
    localStorage.clear();
    vi.resetModules();
    const { default: i18n } = await import('../app/i18n.ts');
    const { QueryClient } = await import('@tanstack/react-query');
    const { getSettingsQueryOptions } = await import('../api/get-settings.ts');
    const { settingsBody } = await import('../testing/api-fixtures.ts');
    await i18n.loadNamespaces('loans');
    const body = settingsBody();
    body.loan_policy.charge_called = 'service_charge';
    vi.stubGlobal('fetch', async () => Response.json(body));
    await new QueryClient().fetchQuery(getSettingsQueryOptions());
    expect(i18n._('loans.myLoan.total')).toBe('Total with service charge');
    vi.unstubAllGlobals();
  });
});
