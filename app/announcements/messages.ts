/** The Spanish texts of announcements: the admin page, the mail and the dashboard list. */
export const announcementMessages = {
	pageTitle: 'Comunicados',
	pageIntro:
		'Escribe a quienes usan Frasea. Cada comunicado llega por correo a las cuentas confirmadas y activas que han elegido ese tema y tienen activadas las notificaciones por correo, y aparece en el panel de todas las que han elegido el tema.',
	subject: 'Asunto',
	body: 'Texto',
	bodyHint:
		'Texto sencillo. Deja una línea en blanco entre párrafos; los enlaces (https://…) se escriben tal cual.',
	audience: 'Para quién',
	audiences: {
		'nuevas-funciones': 'Quienes quieren saber de nuevas funciones',
		consejos: 'Quienes quieren consejos y sugerencias',
	},
	preview: 'Vista previa',
	previewTitle: 'Así lo verán',
	recipients: (count: number) =>
		count === 1 ? 'Se enviará a 1 cuenta.' : `Se enviará a ${count} cuentas.`,
	pace: (perMinute: number) =>
		`Los correos salen poco a poco, ${perMinute} por minuto como mucho (se cambia en Correo).`,
	send: 'Enviar comunicado',
	sending: 'Enviando...',
	sent: (count: number) =>
		count === 1 ? 'Comunicado enviado a 1 cuenta' : `Comunicado enviado a ${count} cuentas`,
	alreadySent: 'Este comunicado ya se había enviado.',
	subjectRequired: 'Escribe el asunto.',
	subjectTooLong: (max: number) => `El asunto no puede tener más de ${max} caracteres.`,
	subjectOneLine: 'El asunto debe ir en una sola línea.',
	bodyRequired: 'Escribe el texto del comunicado.',
	bodyTooLong: (max: number) => `El texto no puede tener más de ${max} caracteres.`,
	audienceInvalid: 'Elige para quién es el comunicado.',
	badForm: 'El formulario no es válido. Recarga la página y vuelve a intentarlo.',
	historyTitle: 'Enviados',
	historyEmpty: 'Todavía no se ha enviado ningún comunicado.',
	historyLoadError: 'No se pudieron cargar los comunicados enviados.',
	columnDate: 'Fecha',
	columnSubject: 'Asunto',
	columnAudience: 'Para',
	columnProgress: 'Envío',
	audienceShort: { 'nuevas-funciones': 'Nuevas funciones', consejos: 'Consejos' },
	progress: (sent: number, total: number, pending: number, failed: number) =>
		`${sent} de ${total} enviados${pending ? `, ${pending} en cola` : ''}${failed ? `, ${failed} sin enviar` : ''}`,

	// The dashboard.
	dashboardTitle: 'Comunicados',
	dashboardIntro:
		'Las novedades y los consejos de Frasea, según lo que elegiste en Configuración › Notificaciones.',
	dashboardEmpty:
		'No hay comunicados para ti. Elige qué quieres recibir en Configuración › Notificaciones.',
	/** The home's card, which links to the full list. */
	dashboardCardEmpty: 'No hay comunicados para ti.',
	dashboardSeeAll: 'Ver todos',
	dashboardPagination: 'Páginas de comunicados',
} as const
