import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useSchemaForm } from '~/components/schema-form'
import { Form } from '@remix-run/react'
import {
	dangerButtonClass,
	Field,
	FormAlert,
	inputClass,
	secondaryButtonClass,
} from '~/components/forms'
import { showToast } from '~/components/toaster'
import {
	DELETE_INTENT,
	deletionSchema,
	SETTINGS_PATH,
	settingsMessages as messages,
} from './settings'
import { cx, useIntentPending } from '~/utils/misc'
import { headingClass, hintClass, panelClass } from './settings-form'

export function DataSection({
	fileName,
	hasPassword,
	mainAdmin,
	lastResult,
}: {
	fileName: string
	hasPassword: boolean
	mainAdmin: boolean
	lastResult: SubmissionResult<string[]> | null
}) {
	const pending = useIntentPending(DELETE_INTENT)
	const [form, fields] = useSchemaForm({
		id: 'eliminar-cuenta',
		schema: deletionSchema,
		lastResult,
	})
	return (
		<>
			<section aria-labelledby="exportar-datos" className={panelClass}>
				<h2 id="exportar-datos" className={headingClass}>
					Exportar mis datos
				</h2>
				<p className={cx(hintClass, 'mt-2')}>
					Descarga un archivo JSON con tu perfil, tu configuración, tus frases guardadas y tu
					historial.
				</p>
				<a
					href={`${SETTINGS_PATH}/exportar`}
					download={fileName}
					className={cx(secondaryButtonClass, 'mt-4')}
					onClick={() => showToast({ type: 'success', message: messages.exported })}
				>
					Exportar datos
				</a>
			</section>
			<section
				aria-labelledby="eliminar-cuenta-titulo"
				className={cx(panelClass, 'border-red-200 dark:border-red-500/30')}
			>
				<h2 id="eliminar-cuenta-titulo" className={headingClass}>
					Eliminar cuenta
				</h2>
				{mainAdmin ? (
					<p className={cx(hintClass, 'mt-2')}>{messages.mainAdmin}</p>
				) : (
					<>
						<p className={cx(hintClass, 'mt-2')}>
							Se borrarán para siempre tu perfil, tus frases guardadas, tu historial, tu
							configuración, tus imágenes subidas y tus sesiones. No se puede deshacer: exporta
							antes tus datos si quieres conservarlos.
						</p>
						<Form method="post" {...getFormProps(form)} className="mt-4 max-w-md space-y-4">
							<input type="hidden" name="intent" value={DELETE_INTENT} />
							<FormAlert id={form.errorId} errors={form.errors} />
							<Field
								id={fields.email.id}
								label="Escribe tu correo electrónico para confirmar"
								errors={fields.email.errors}
							>
								<input
									{...getInputProps(fields.email, { type: 'email' })}
									autoComplete="off"
									className={inputClass}
								/>
							</Field>
							{hasPassword ? (
								<Field
									id={fields.password.id}
									label="Tu contraseña"
									errors={fields.password.errors}
								>
									<input
										{...getInputProps(fields.password, { type: 'password' })}
										required
										autoComplete="current-password"
										className={inputClass}
									/>
								</Field>
							) : null}
							<button
								type="submit"
								aria-disabled={pending || undefined}
								className={dangerButtonClass}
							>
								{pending ? 'Eliminando cuenta...' : 'Eliminar mi cuenta'}
							</button>
						</Form>
					</>
				)}
			</section>
		</>
	)
}
