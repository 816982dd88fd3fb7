// The door of demo: the demo association seeded on first start.
// What app.ts and other features may use of it; the rest is the feature's own.
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed.ts';
