/**
 * The part of the 2D canvas API the card code uses. Both the browser's
 * CanvasRenderingContext2D and @napi-rs/canvas's context satisfy it, so drawing code is
 * written once. `Img` is whatever that context's drawImage accepts.
 */
export interface Ctx2D<Img = unknown> {
	save(): void
	restore(): void
	scale(x: number, y: number): void
	translate(x: number, y: number): void
	rotate(angle: number): void

	fillStyle: string | object
	strokeStyle: string | object
	globalAlpha: number
	globalCompositeOperation: string
	lineWidth: number
	lineCap: string
	lineJoin: string
	miterLimit: number
	shadowColor: string
	shadowBlur: number
	shadowOffsetX: number
	shadowOffsetY: number
	font: string
	textAlign: string
	textBaseline: string

	createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradientLike
	createRadialGradient(
		x0: number,
		y0: number,
		r0: number,
		x1: number,
		y1: number,
		r1: number,
	): CanvasGradientLike

	fillRect(x: number, y: number, width: number, height: number): void
	beginPath(): void
	closePath(): void
	moveTo(x: number, y: number): void
	lineTo(x: number, y: number): void
	quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void
	bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void
	arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void
	ellipse(
		x: number,
		y: number,
		radiusX: number,
		radiusY: number,
		rotation: number,
		startAngle: number,
		endAngle: number,
	): void
	rect(x: number, y: number, width: number, height: number): void
	fill(): void
	stroke(): void

	measureText(text: string): { width: number; actualBoundingBoxAscent?: number }
	fillText(text: string, x: number, y: number): void
	strokeText(text: string, x: number, y: number): void

	drawImage(
		image: Img,
		sx: number,
		sy: number,
		sw: number,
		sh: number,
		dx: number,
		dy: number,
		dw: number,
		dh: number,
	): void
	getImageData(
		x: number,
		y: number,
		width: number,
		height: number,
	): { data: ArrayLike<number>; width: number; height: number }
}

interface CanvasGradientLike {
	addColorStop(offset: number, color: string): void
}
