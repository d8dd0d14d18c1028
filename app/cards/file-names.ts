import { type SizeKey } from './sizes'

/** Download name of one card at one size: frase-{index}-{sizeKey}.jpg. */
export function cardFileName(index: number, sizeKey: SizeKey): string {
	return `frase-${index}-${sizeKey}.jpg`
}

/** Name of the ZIP with every size of a card. */
export function zipFileName(index: number): string {
	return `frase-${index}-todos-los-tamanos.zip`
}
