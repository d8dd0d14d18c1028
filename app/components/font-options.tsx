import { FONT_CATEGORY_LABELS, FONT_FAMILIES, type FontCategory } from '~/cards/fonts'

const categories = Object.keys(FONT_CATEGORY_LABELS) as FontCategory[]

/** The card fonts as a select's options, grouped by category (design editor, "Tu marca"). */
export function FontOptions() {
	return categories.map((category) => (
		<optgroup key={category} label={FONT_CATEGORY_LABELS[category]}>
			{FONT_FAMILIES.filter((font) => font.category === category).map((font) => (
				<option key={font.id} value={font.id}>
					{font.label}
				</option>
			))}
		</optgroup>
	))
}
