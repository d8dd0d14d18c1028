import { type LoaderFunctionArgs } from '@remix-run/node'
import { applyCardChanges } from '~/generator/apply-design.server'

/**
 * Target of a card's GET forms (design editor, background type): applies the change to
 * the page URL in `volver` and redirects back there, with 'Cambios de diseño aplicados'.
 */
export const loader = ({ request }: LoaderFunctionArgs) => applyCardChanges(request)
