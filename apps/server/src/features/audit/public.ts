// The door of audit: the audit trail: who did what, for the committee.
// What app.ts and other features may use of it; the rest is the feature's own.
export { audit, auditEvents } from './audit.ts';
