/**
 * Every Spanish text of the user dashboard, in one place. The product's agreed wording is
 * used verbatim where there is one (toasts and empty states); the rest is ours.
 */
export const dashboardMessages = {
	// The product's agreed texts, verbatim.
	loadPhrasesError: 'Error al cargar las frases',
	updateError: 'Error al actualizar la frase',
	updated: 'Frase actualizada correctamente',
	deleteError: 'Error al eliminar la frase',
	deleted: 'Frase eliminada correctamente',
	deleteSelectedError: 'Error al eliminar las frases seleccionadas',
	deletedSelected: (count: number) => `${count} frase(s) eliminada(s) correctamente`,
	deleteAllError: 'Error al eliminar todas las frases',
	deletedAll: 'Todas las frases han sido eliminadas',
	noPhrases: 'No tienes frases guardadas',
	noMatches: (search: string) => `No se encontraron frases que coincidan con "${search}"`,
	showAll: 'Mostrar todas las frases',
	historyLoadError: 'Error al cargar el historial',
	historyDeleted: 'Frase eliminada del historial',
	historyDeleteError: 'Error al eliminar la frase del historial',
	savedToFavourites: 'Frase guardada en favoritos',
	saveError: 'Error al guardar la frase',
	historyExported: 'Historial exportado correctamente',

	// Ours.
	phraseRequired: 'La frase no puede estar vacía',
	phraseTooLong: (max: number) => `La frase no puede superar los ${max} caracteres`,
	phraseNotFound: 'No encontramos esa frase entre tus frases guardadas.',
	nothingSelected: 'Selecciona al menos una frase para eliminarla.',
	tooManySelected: (max: number) => `Puedes eliminar como máximo ${max} frases de una vez.`,
	unknownIntent:
		'No sabemos qué hacer con este formulario. Recarga la página e inténtalo de nuevo.',
	historyEntryNotFound: 'No encontramos esa frase en tu historial.',
	noHistory: 'Aún no tienes frases en tu historial: las que generes con tu cuenta aparecerán aquí.',
} as const
