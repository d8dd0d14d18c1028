/**
 * A text input people never see or reach (off-screen, out of the tab order, hidden from
 * assistive technology) but form-filling bots do. Its name looks like a plausible field so
 * bots fill it, without matching what browsers autofill.
 */
export const honeypotFieldName = 'sitio_web_empresa'

export function HoneypotField() {
	return (
		<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
			<label>
				Deja este campo vacío
				<input
					type="text"
					name={honeypotFieldName}
					tabIndex={-1}
					autoComplete="off"
					defaultValue=""
				/>
			</label>
		</div>
	)
}
