import { useCallback, useEffect, useRef, useState } from 'react'
import { type CardState } from '~/cards/params'
import type * as CanvasModule from './canvas.client'

type Renderer = typeof CanvasModule

type CanvasStatus = 'idle' | 'loading' | 'ready' | 'error'

/** After this long a slow background gets a notice; the wait goes on. */
const SLOW_AFTER_MS = 30_000

/**
 * Draws a card on a canvas in the browser, redrawing whenever its state changes. The
 * drawing module, the font files and the background are loaded on first use; until the
 * first drawing is done the server's <img> stays on screen.
 */
export function useCardCanvas({
	enabled,
	state,
	backgroundUrl,
	displayWidth,
}: {
	enabled: boolean
	state: CardState
	backgroundUrl: string | null
	displayWidth: number
}) {
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const rendererRef = useRef<Renderer | null>(null)
	const [status, setStatus] = useState<CanvasStatus>('idle')
	const [drawn, setDrawn] = useState(false)
	const [slow, setSlow] = useState(false)
	const [attempt, setAttempt] = useState(0)
	const stateKey = JSON.stringify(state)

	useEffect(() => {
		if (!enabled) return
		let cancelled = false
		const renderer = rendererRef.current
		const cached = renderer?.areCardFontsReady(state) && renderer.isBackgroundReady(backgroundUrl)
		if (!cached) setStatus('loading')
		const slowTimer = setTimeout(() => {
			if (!cancelled) setSlow(true)
		}, SLOW_AFTER_MS)
		const run = async () => {
			const module = rendererRef.current ?? (await import('./canvas.client'))
			rendererRef.current = module
			const [image] = await Promise.all([
				backgroundUrl ? module.loadBackground(backgroundUrl) : null,
				module.loadCardFonts(state),
			])
			const canvas = canvasRef.current
			if (cancelled || !canvas) return
			module.drawPreview(canvas, state, image, displayWidth)
			setDrawn(true)
			setStatus('ready')
		}
		run()
			.catch((error: unknown) => {
				console.warn('Card preview failed', error)
				if (!cancelled) setStatus('error')
			})
			.finally(() => {
				clearTimeout(slowTimer)
				if (!cancelled) setSlow(false)
			})
		return () => {
			cancelled = true
			clearTimeout(slowTimer)
		}
		// The state is compared by value (stateKey): a new object with the same values is no change.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [enabled, stateKey, backgroundUrl, displayWidth, attempt])

	/** The card at full size as a JPEG, from the canvas code (no server round trip). */
	const exportJpeg = useCallback(async () => {
		const module = rendererRef.current ?? (await import('./canvas.client'))
		const [image] = await Promise.all([
			backgroundUrl ? module.loadBackground(backgroundUrl) : null,
			module.loadCardFonts(state),
		])
		return { blob: await module.exportJpeg(state, image), save: module.saveBlob }
	}, [backgroundUrl, state])

	return {
		canvasRef,
		status,
		/** The canvas holds a drawing (it may be redrawing a newer state). */
		drawn,
		slow,
		retry: () => setAttempt((value) => value + 1),
		exportJpeg,
	}
}
