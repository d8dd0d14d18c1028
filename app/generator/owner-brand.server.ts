import { DEFAULT_CORNER } from '~/cards/handle'
import { findBrand, parseBrandDesign } from '~/models/brand.server'
import { type CardBrand } from './card-params.server'

/**
 * What a batch's cards take from its owner's brand: the handle and its corner as the owner
 * has them now (resolved on every request, never read from a URL), and the design saved
 * with the batch when it was made (a later change of the brand leaves made cards alone).
 * Anonymous batches have neither.
 */
export async function batchBrand(
	batch: { userId: string | null; cardDesign: string | null } | null,
): Promise<CardBrand | null> {
	if (!batch?.userId) return null
	const brand = await findBrand(batch.userId)
	const design = parseBrandDesign(batch.cardDesign)
	if (!brand?.handle && !design) return null
	return {
		handle: brand?.handle ?? null,
		corner: brand?.corner ?? DEFAULT_CORNER,
		design,
	}
}
