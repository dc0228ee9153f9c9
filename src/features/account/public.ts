// What other features may use of account (the walls in eslint.config.mjs allow only this file).
export { requireLogin } from './requireLogin'
