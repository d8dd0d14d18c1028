// Moved to tests/support/database.ts; kept until the last files importing it from here switch.
export { setUpTestDatabase } from '../../tests/support/database'
