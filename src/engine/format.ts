// Kept for existing importers: the field formats live in ./formats (the format registry).
export { formatDateTime, formatField, maskAccount } from './formats';
