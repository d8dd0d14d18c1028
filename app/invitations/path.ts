/** Where an invitation's link leads (app/routes/invitacion.tsx). */
export const INVITATION_PATH = '/invitacion'
