/**
 * A user's brand ("Tu marca", table user_brands): read and written by the user's id only.
 * A user who never saved one has no row, and their cards are everyone's cards.
 */
import { FONT_IDS } from '~/cards/fonts'
import { handleProblem, isCorner } from '~/cards/handle'
import { isHexColor, OVERLAY, roundToTenth, type CardDesign } from '~/cards/params'
import { DEFAULT_BRAND, type BrandValues } from '~/dashboard/brand'
import { prisma } from '~/utils/db.server'

const brandSelect = {
	handle: true,
	corner: true,
	useDesign: true,
	font: true,
	color: true,
	overlay: true,
} as const

type BrandRow = Omit<BrandValues, 'corner'> & { corner: string }

/** A stored row as typed values; anything the rules no longer accept falls back to the default. */
function toBrandValues(row: BrandRow): BrandValues {
	return {
		handle: row.handle && handleProblem(row.handle) === null ? row.handle : null,
		corner: isCorner(row.corner) ? row.corner : DEFAULT_BRAND.corner,
		useDesign: row.useDesign,
		font: FONT_IDS.includes(row.font) ? row.font : DEFAULT_BRAND.font,
		color: isHexColor(row.color) ? row.color : DEFAULT_BRAND.color,
		overlay: roundToTenth(row.overlay),
	}
}

/** The user's saved brand, or null when they never saved one. */
export async function findBrand(userId: string): Promise<BrandValues | null> {
	const row = await prisma.brand.findUnique({ where: { userId }, select: brandSelect })
	return row ? toBrandValues(row) : null
}

/** What the brand tab shows: the saved brand, else the defaults. */
export async function getBrand(userId: string): Promise<BrandValues> {
	return (await findBrand(userId)) ?? DEFAULT_BRAND
}

export async function saveBrand(userId: string, values: BrandValues) {
	await prisma.brand.upsert({
		where: { userId },
		create: { ...values, userId },
		update: values,
	})
}

export type BrandDesign = Pick<CardDesign, 'font' | 'color' | 'overlay'>

/** The design a user's new cards start from, or null when the pages' own is theirs. */
export async function brandDesignOf(userId: string): Promise<BrandDesign | null> {
	const brand = await findBrand(userId)
	return brand?.useDesign ? { font: brand.font, color: brand.color, overlay: brand.overlay } : null
}

/** A design stored with a batch (JSON text) read back; anything malformed counts as none. */
export function parseBrandDesign(text: string | null): BrandDesign | null {
	if (!text) return null
	try {
		const value = JSON.parse(text) as Partial<Record<keyof BrandDesign, unknown>>
		const { font, color, overlay } = value
		if (typeof font !== 'string' || !FONT_IDS.includes(font)) return null
		if (typeof color !== 'string' || !isHexColor(color)) return null
		if (typeof overlay !== 'number' || overlay < OVERLAY.min || overlay > OVERLAY.max) return null
		return { font, color, overlay: roundToTenth(overlay) }
	} catch {
		return null
	}
}
