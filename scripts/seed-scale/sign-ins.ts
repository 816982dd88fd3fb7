// The sign-ins seed:scale makes, for the scripts that measure its association.
export const SCALE_PASSWORD = 'jamiya-scale';
export const SCALE_ADMIN_EMAIL = 'admin@scale.example';
