/** The settings as PUT /api/admin/settings takes them back: what GET answers, less what it only reads. */
export function editableSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const { updated_at: _, currency: __, ...rest } = settings;
  const { interest_rate_percent: ___, ...policy } = rest.loan_policy as Record<string, unknown>;
  return { ...rest, loan_policy: policy };
}
