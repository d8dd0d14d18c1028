import { type Ctx2D } from '../canvas'
import { darken, lighten, mix, rgba, sampleStops } from './color'
import { createRandom, hashString, type Random } from './random'
import { type BackgroundType } from './types'

/**
 * Backgrounds drawn by our own code, one style per background type: deterministic for a
 * seed, at any size, on any 2D canvas (server or browser). Palettes stay in mid to dark
 * tones so white text reads well even before the overlay.
 */

type Painter = (ctx: Ctx2D, width: number, height: number, random: Random) => void

const TAU = Math.PI * 2

function linear(ctx: Ctx2D, x0: number, y0: number, x1: number, y1: number, stops: string[]) {
	const gradient = ctx.createLinearGradient(x0, y0, x1, y1)
	stops.forEach((color, index) => gradient.addColorStop(index / (stops.length - 1 || 1), color))
	return gradient
}

function softDisc(ctx: Ctx2D, x: number, y: number, radius: number, color: string, alpha: number) {
	// Two stops and a circular path: radial shading is the costliest part of a render.
	const gradient = ctx.createRadialGradient(x, y, 0, x, y, radius)
	gradient.addColorStop(0, rgba(color, alpha))
	gradient.addColorStop(1, rgba(color, 0))
	ctx.fillStyle = gradient
	ctx.beginPath()
	ctx.arc(x, y, radius, 0, TAU)
	ctx.fill()
}

function vignette(ctx: Ctx2D, width: number, height: number, strength: number) {
	const radius = Math.hypot(width, height) / 2
	const gradient = ctx.createRadialGradient(
		width / 2,
		height / 2,
		radius * 0.35,
		width / 2,
		height / 2,
		radius,
	)
	gradient.addColorStop(0, 'rgba(0, 0, 0, 0)')
	gradient.addColorStop(1, `rgba(0, 0, 0, ${strength})`)
	ctx.fillStyle = gradient
	ctx.fillRect(0, 0, width, height)
}

const abstract: Painter = (ctx, width, height, random) => {
	const palette = random.pick([
		['#1e1b4b', '#4338ca', '#c026d3', '#f472b6', '#fb923c'],
		['#042f2e', '#0f766e', '#0891b2', '#6366f1', '#a78bfa'],
		['#450a0a', '#9f1239', '#ea580c', '#f59e0b', '#db2777'],
		['#052e16', '#166534', '#0d9488', '#65a30d', '#facc15'],
		['#0c0a09', '#1d4ed8', '#0ea5e9', '#f43f5e', '#8b5cf6'],
		['#2e1065', '#7e22ce', '#e11d48', '#f97316', '#38bdf8'],
	])
	const base = palette[0] as string
	const size = Math.max(width, height)
	ctx.fillStyle = linear(ctx, 0, 0, width, height, [base, mix(base, palette[1] as string, 0.6)])
	ctx.fillRect(0, 0, width, height)
	const blobs = random.int(5, 6)
	for (let index = 0; index < blobs; index++) {
		softDisc(
			ctx,
			random.range(-0.1, 1.1) * width,
			random.range(-0.1, 1.1) * height,
			random.range(0.25, 0.5) * size,
			palette[1 + (index % (palette.length - 1))] as string,
			random.range(0.45, 0.8),
		)
	}
	// A few faint rings give the soft field some depth.
	ctx.lineWidth = size * 0.004
	for (let index = 0; index < 3; index++) {
		ctx.strokeStyle = rgba('#ffffff', random.range(0.05, 0.12))
		ctx.beginPath()
		ctx.arc(random.range(0, width), random.range(0, height), random.range(0.1, 0.35) * size, 0, TAU)
		ctx.stroke()
	}
	vignette(ctx, width, height, 0.35)
}

function ridge(random: Random, width: number, baseY: number, amplitude: number) {
	const waves = [0, 1, 2].map((order) => ({
		frequency: random.range(0.6, 1.6) * 2 ** order,
		phase: random.range(0, TAU),
		amplitude: amplitude / 2 ** order,
	}))
	return (x: number) =>
		baseY -
		waves.reduce(
			(sum, wave) =>
				sum + wave.amplitude * Math.sin((x / width) * TAU * wave.frequency + wave.phase),
			0,
		)
}

const nature: Painter = (ctx, width, height, random) => {
	const palette = random.pick([
		// sunset over blue hills
		{ sky: ['#1e3a5f', '#c2410c', '#fb923c'], sun: '#fde68a', hills: ['#475569', '#1e293b'] },
		// green valley at morning
		{ sky: ['#0c4a6e', '#0e7490', '#7dd3fc'], sun: '#fef9c3', hills: ['#3f6212', '#052e16'] },
		// purple dusk
		{ sky: ['#1e1b4b', '#6d28d9', '#f472b6'], sun: '#fce7f3', hills: ['#4c1d95', '#1e1033'] },
		// golden hour over forest
		{ sky: ['#422006', '#b45309', '#fcd34d'], sun: '#fffbeb', hills: ['#57534e', '#14532d'] },
		// night with moon
		{ sky: ['#020617', '#1e3a8a', '#3b82f6'], sun: '#e2e8f0', hills: ['#1e3a5f', '#020617'] },
	])
	const size = Math.max(width, height)
	const horizon = height * random.range(0.55, 0.7)
	ctx.fillStyle = linear(ctx, 0, 0, 0, horizon, palette.sky)
	ctx.fillRect(0, 0, width, height)

	const sunX = width * random.range(0.2, 0.8)
	const sunY = horizon - height * random.range(0.12, 0.3)
	const sunRadius = size * random.range(0.045, 0.07)
	softDisc(ctx, sunX, sunY, sunRadius * 6, palette.sun, 0.35)
	ctx.fillStyle = rgba(palette.sun, 0.95)
	ctx.beginPath()
	ctx.arc(sunX, sunY, sunRadius, 0, TAU)
	ctx.fill()

	const layers = 4
	const skyHaze = palette.sky[palette.sky.length - 1] as string
	for (let layer = 0; layer < layers; layer++) {
		const depth = layer / (layers - 1)
		const baseY = horizon + (height - horizon) * (depth * 0.75) - height * 0.06
		const line = ridge(random, width, baseY, height * (0.09 - depth * 0.03))
		const color = mix(sampleStops(palette.hills, depth), skyHaze, (1 - depth) * 0.45)
		ctx.fillStyle = color
		ctx.beginPath()
		ctx.moveTo(0, height)
		const step = Math.max(4, width / 120)
		for (let x = 0; x <= width + step; x += step) ctx.lineTo(x, line(x))
		ctx.lineTo(width, height)
		ctx.closePath()
		ctx.fill()
		if (layer === layers - 1) {
			// Pines along the nearest ridge.
			ctx.fillStyle = darken(color, 0.25)
			const trees = random.int(6, 14)
			for (let tree = 0; tree < trees; tree++) {
				const x = random.range(0, width)
				const treeHeight = height * random.range(0.06, 0.13)
				const half = treeHeight * 0.22
				const ground = line(x) + 2
				ctx.beginPath()
				ctx.moveTo(x, ground - treeHeight)
				ctx.lineTo(x + half, ground)
				ctx.lineTo(x - half, ground)
				ctx.closePath()
				ctx.fill()
			}
		}
	}
	// Mist over the hills.
	ctx.fillStyle = linear(ctx, 0, horizon - height * 0.1, 0, height, [
		rgba(skyHaze, 0),
		rgba(skyHaze, 0.12),
		rgba('#000000', 0.25),
	])
	ctx.fillRect(0, 0, width, height)
}

const architecture: Painter = (ctx, width, height, random) => {
	const palette = random.pick([
		{ sky: ['#0f172a', '#1e3a8a', '#f97316'], buildings: ['#334155', '#1e293b', '#0b1120'] },
		{ sky: ['#1e1b4b', '#7c3aed', '#f472b6'], buildings: ['#4c1d95', '#2e1065', '#12071f'] },
		{ sky: ['#042f2e', '#115e59', '#5eead4'], buildings: ['#134e4a', '#0f2f2c', '#041614'] },
		{ sky: ['#1c1917', '#78350f', '#fbbf24'], buildings: ['#57534e', '#292524', '#0c0a09'] },
		{ sky: ['#020617', '#0c4a6e', '#38bdf8'], buildings: ['#1e3a5f', '#0f1e33', '#030712'] },
	])
	const windowColor = random.pick(['#fde68a', '#fef3c7', '#fdba74', '#e0f2fe'])
	ctx.fillStyle = linear(ctx, 0, 0, 0, height, palette.sky)
	ctx.fillRect(0, 0, width, height)
	const size = Math.max(width, height)
	softDisc(
		ctx,
		width * random.range(0.2, 0.8),
		height * 0.75,
		size * 0.5,
		palette.sky[2] as string,
		0.35,
	)

	palette.buildings.forEach((color, layer) => {
		const isNear = layer === palette.buildings.length - 1
		const minHeight = height * (0.18 + layer * 0.02)
		const maxHeight = height * (0.62 - layer * 0.12)
		let x = -random.range(0, width * 0.05)
		while (x < width) {
			const buildingWidth = size * random.range(0.04, 0.1) * (1 + layer * 0.25)
			const buildingHeight = random.range(minHeight, maxHeight)
			const top = height - buildingHeight
			ctx.fillStyle = color
			ctx.fillRect(x, top, buildingWidth + 1, buildingHeight)
			// Roof details: a setback, a spire or an antenna.
			const roof = random.next()
			if (roof < 0.3) {
				const inset = buildingWidth * 0.2
				ctx.fillRect(
					x + inset,
					top - buildingHeight * 0.08,
					buildingWidth - inset * 2,
					buildingHeight * 0.08,
				)
			} else if (roof < 0.45) {
				ctx.beginPath()
				ctx.moveTo(x, top)
				ctx.lineTo(x + buildingWidth / 2, top - buildingWidth * 0.6)
				ctx.lineTo(x + buildingWidth, top)
				ctx.closePath()
				ctx.fill()
			} else if (roof < 0.6) {
				ctx.fillRect(x + buildingWidth / 2 - 1.5, top - height * 0.05, 3, height * 0.05)
			}
			if (layer > 0) {
				const cell = Math.max(6, buildingWidth / random.int(4, 7))
				const windowWidth = cell * 0.45
				const windowHeight = cell * 0.6
				const litShare = isNear ? 0.35 : 0.2
				for (let wy = top + cell * 0.8; wy < height - cell; wy += cell * 1.1) {
					for (
						let wx = x + cell * 0.5;
						wx < x + buildingWidth - windowWidth - cell * 0.2;
						wx += cell
					) {
						if (!random.chance(litShare)) continue
						ctx.fillStyle = rgba(windowColor, random.range(0.35, isNear ? 0.85 : 0.5))
						ctx.fillRect(wx, wy, windowWidth, windowHeight)
					}
				}
			}
			x += buildingWidth + size * random.range(0, 0.01)
		}
	})
	vignette(ctx, width, height, 0.3)
}

const texture: Painter = (ctx, width, height, random) => {
	const base = random.pick([
		'#7a5c3e', // kraft paper
		'#3d4754', // slate
		'#2c4468', // denim
		'#7d3f32', // terracotta
		'#2f4a3a', // moss
		'#2d2a32', // charcoal
		'#5b4a6b', // dusty plum
	])
	const size = Math.max(width, height)
	const unit = size / 1080
	const area = width * height
	ctx.fillStyle = linear(ctx, 0, 0, width, height, [lighten(base, 0.1), darken(base, 0.15)])
	ctx.fillRect(0, 0, width, height)
	const kind = random.pick(['paper', 'linen', 'stone'] as const)

	const blotches = kind === 'stone' ? 24 : 14
	for (let index = 0; index < blotches; index++) {
		softDisc(
			ctx,
			random.range(0, width),
			random.range(0, height),
			random.range(0.06, 0.28) * size,
			random.chance(0.5) ? lighten(base, 0.35) : darken(base, 0.45),
			random.range(0.15, kind === 'stone' ? 0.4 : 0.28),
		)
	}

	if (kind === 'linen') {
		// A woven grid of threads, batched into a few paths per tone.
		const gap = 3 * unit
		for (const vertical of [false, true]) {
			const length = vertical ? width : height
			const tones = [
				rgba(lighten(base, 0.4), 0.1),
				rgba(darken(base, 0.5), 0.16),
				rgba(lighten(base, 0.2), 0.06),
			]
			ctx.lineWidth = 1.1 * unit
			tones.forEach((tone, toneIndex) => {
				ctx.strokeStyle = tone
				ctx.beginPath()
				for (let at = toneIndex * gap; at < length; at += gap * tones.length) {
					const wobble = random.range(-0.6, 0.6) * unit
					if (vertical) {
						ctx.moveTo(at + wobble, 0)
						ctx.lineTo(at - wobble, height)
					} else {
						ctx.moveTo(0, at + wobble)
						ctx.lineTo(width, at - wobble)
					}
				}
				ctx.stroke()
			})
		}
	} else {
		// Fibres, batched into a few paths per tone so even a big card stays fast.
		const fibres = Math.round(area / (kind === 'paper' ? 900 : 2400))
		const groups = [
			rgba(lighten(base, 0.55), 0.16),
			rgba(lighten(base, 0.3), 0.2),
			rgba(darken(base, 0.55), 0.18),
			rgba(darken(base, 0.3), 0.22),
		]
		ctx.lineCap = 'round'
		ctx.lineWidth = Math.max(0.8, 1.2 * unit)
		for (const group of groups) {
			ctx.strokeStyle = group
			ctx.beginPath()
			for (let index = 0; index < fibres / groups.length; index++) {
				const x = random.range(0, width)
				const y = random.range(0, height)
				const length = size * random.range(0.006, 0.03)
				const angle = random.range(0, Math.PI)
				const bend = random.range(-3, 3) * unit
				ctx.moveTo(x, y)
				ctx.lineTo(
					x + Math.cos(angle) * length * 0.5 + bend,
					y + Math.sin(angle) * length * 0.5 + bend,
				)
				ctx.lineTo(x + Math.cos(angle) * length, y + Math.sin(angle) * length)
			}
			ctx.stroke()
		}
	}

	// Speckles.
	const speckles = Math.round(area / (kind === 'stone' ? 1000 : 2500))
	for (const tone of [lighten(base, 0.6), darken(base, 0.6)]) {
		ctx.fillStyle = rgba(tone, 0.35)
		ctx.beginPath()
		for (let index = 0; index < speckles / 2; index++) {
			const side = random.range(0.8, 2.2) * unit
			ctx.rect(random.range(0, width), random.range(0, height), side, side)
		}
		ctx.fill()
	}
	vignette(ctx, width, height, 0.4)
}

const geometric: Painter = (ctx, width, height, random) => {
	const stops = random.pick([
		['#0f172a', '#1d4ed8', '#06b6d4'],
		['#3b0764', '#be185d', '#f97316'],
		['#022c22', '#0f766e', '#84cc16'],
		['#1e1b4b', '#6d28d9', '#ec4899'],
		['#172554', '#0e7490', '#34d399'],
		['#27272a', '#b91c1c', '#f59e0b'],
	])
	const size = Math.max(width, height)
	// Opaque base, so anti-aliased seams between facets never show through.
	ctx.fillStyle = linear(ctx, 0, 0, width, height, stops)
	ctx.fillRect(0, 0, width, height)
	const cell = size / random.int(7, 10)
	const columns = Math.ceil(width / cell) + 1
	const rows = Math.ceil(height / cell) + 1
	const points: Array<Array<[number, number]>> = []
	for (let row = 0; row <= rows; row++) {
		const line: Array<[number, number]> = []
		for (let column = 0; column <= columns; column++) {
			const edge = row === 0 || column === 0 || row === rows || column === columns
			const jitter = edge ? 0 : cell * 0.38
			line.push([
				column * cell - cell / 2 + random.range(-jitter, jitter),
				row * cell - cell / 2 + random.range(-jitter, jitter),
			])
		}
		points.push(line)
	}
	const angle = random.range(0, TAU)
	const dx = Math.cos(angle)
	const dy = Math.sin(angle)
	const span = Math.abs(dx) * width + Math.abs(dy) * height
	const shade = (x: number, y: number) => {
		const t = ((x - width / 2) * dx + (y - height / 2) * dy) / span + 0.5
		const color = sampleStops(stops, t)
		const tweak = random.range(-0.12, 0.12)
		return tweak > 0 ? lighten(color, tweak) : darken(color, -tweak)
	}
	const triangle = (a: [number, number], b: [number, number], c: [number, number]) => {
		const color = shade((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)
		ctx.fillStyle = color
		ctx.beginPath()
		ctx.moveTo(a[0], a[1])
		ctx.lineTo(b[0], b[1])
		ctx.lineTo(c[0], c[1])
		ctx.closePath()
		ctx.fill()
	}
	for (let row = 0; row < rows; row++) {
		for (let column = 0; column < columns; column++) {
			const a = points[row]?.[column]
			const b = points[row]?.[column + 1]
			const c = points[row + 1]?.[column]
			const d = points[row + 1]?.[column + 1]
			if (!a || !b || !c || !d) continue
			if ((row + column) % 2 === 0) {
				triangle(a, b, d)
				triangle(a, d, c)
			} else {
				triangle(a, b, c)
				triangle(b, d, c)
			}
		}
	}
	// Thin facets' edges catch the light.
	ctx.lineWidth = Math.max(1, size / 1080)
	ctx.strokeStyle = 'rgba(255, 255, 255, 0.06)'
	ctx.beginPath()
	for (const line of points) {
		line.forEach(([x, y], index) => (index === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)))
	}
	ctx.stroke()
	vignette(ctx, width, height, 0.3)
}

const gradient: Painter = (ctx, width, height, random) => {
	const stops = random.pick([
		['#0f0c29', '#302b63', '#24243e', '#6d28d9'],
		['#1a2a6c', '#b21f1f', '#fdbb2d'],
		['#134e5e', '#1f7a6a', '#71b280'],
		['#2b1055', '#7597de', '#d53369'],
		['#232526', '#414345', '#0ea5e9'],
		['#42275a', '#734b6d', '#f0a2a2'],
		['#0b486b', '#3b8686', '#f56217'],
		['#1f1c2c', '#928dab', '#3f2b96'],
	])
	const angle = random.range(0, TAU)
	const radius = Math.hypot(width, height) / 2
	const cx = width / 2
	const cy = height / 2
	ctx.fillStyle = linear(
		ctx,
		cx - Math.cos(angle) * radius,
		cy - Math.sin(angle) * radius,
		cx + Math.cos(angle) * radius,
		cy + Math.sin(angle) * radius,
		stops,
	)
	ctx.fillRect(0, 0, width, height)
	// Two broad glows turn the straight gradient into a softer mesh.
	for (let index = 0; index < 2; index++) {
		softDisc(
			ctx,
			random.range(0, width),
			random.range(0, height),
			radius * random.range(0.6, 1.1),
			random.pick(stops),
			random.range(0.35, 0.6),
		)
	}
	// A faint diagonal sheen.
	ctx.save()
	ctx.translate(cx, cy)
	ctx.rotate(angle + Math.PI / 2)
	ctx.fillStyle = linear(ctx, -radius * 0.3, 0, radius * 0.3, 0, [
		'rgba(255, 255, 255, 0)',
		'rgba(255, 255, 255, 0.07)',
		'rgba(255, 255, 255, 0)',
	])
	ctx.fillRect(-radius * 0.3, -radius, radius * 0.6, radius * 2)
	ctx.restore()
}

const minimal: Painter = (ctx, width, height, random) => {
	const { base, accent } = random.pick([
		{ base: '#2f3e46', accent: '#84a98c' },
		{ base: '#1f2a44', accent: '#e0a458' },
		{ base: '#3d3552', accent: '#e4a5b8' },
		{ base: '#4a3a2e', accent: '#d9a05b' },
		{ base: '#264653', accent: '#e9c46a' },
		{ base: '#2b2d42', accent: '#ef233c' },
		{ base: '#354f52', accent: '#cad2c5' },
	])
	const size = Math.min(width, height)
	ctx.fillStyle = base
	ctx.fillRect(0, 0, width, height)
	const shape = random.int(0, 3)
	const tone = mix(base, accent, random.range(0.18, 0.3))
	const x = width * random.pick([0.2, 0.8, 0.75, 0.25])
	const y = height * random.pick([0.25, 0.75, 0.7, 0.3])
	if (shape === 0) {
		// A large disc partly out of frame.
		ctx.fillStyle = tone
		ctx.beginPath()
		ctx.arc(x, y, size * random.range(0.45, 0.6), 0, TAU)
		ctx.fill()
	} else if (shape === 1) {
		// A thin ring.
		ctx.strokeStyle = rgba(accent, 0.45)
		ctx.lineWidth = size * 0.012
		ctx.beginPath()
		ctx.arc(width / 2 + (x - width / 2) * 0.3, height / 2, size * 0.42, 0, TAU)
		ctx.stroke()
	} else if (shape === 2) {
		// An arch rising from the bottom edge.
		const archWidth = size * random.range(0.5, 0.7)
		const left = x - archWidth / 2
		ctx.fillStyle = tone
		ctx.beginPath()
		ctx.moveTo(left, height)
		ctx.lineTo(left, height * 0.55)
		ctx.arc(x, height * 0.55, archWidth / 2, Math.PI, TAU)
		ctx.lineTo(left + archWidth, height)
		ctx.closePath()
		ctx.fill()
	} else {
		// A diagonal plane across one corner.
		ctx.fillStyle = tone
		ctx.beginPath()
		ctx.moveTo(width, height * random.range(0.2, 0.45))
		ctx.lineTo(width, height)
		ctx.lineTo(width * random.range(0.35, 0.6), height)
		ctx.closePath()
		ctx.fill()
	}
}

const artistic: Painter = (ctx, width, height, random) => {
	const palette = random.pick([
		['#1b263b', '#415a77', '#e0a458', '#c8553d', '#778da9'],
		['#2d1e2f', '#6a2e35', '#e07a5f', '#f2cc8f', '#3d405b'],
		['#0b3954', '#087e8b', '#ff5a5f', '#c81d25', '#bfd7ea'],
		['#1f271b', '#19647e', '#28afb0', '#f4d35e', '#ee964b'],
		['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#e76f51'],
	])
	const base = palette[0] as string
	const size = Math.max(width, height)
	ctx.fillStyle = base
	ctx.fillRect(0, 0, width, height)
	ctx.lineCap = 'round'
	const strokes = random.int(26, 34)
	for (let index = 0; index < strokes; index++) {
		const color = palette[1 + Math.floor(random.next() * (palette.length - 1))] as string
		const strokeWidth = size * random.range(0.035, 0.11)
		const length = size * random.range(0.25, 0.7)
		const angle = random.range(-0.5, 0.5) + (random.chance(0.25) ? Math.PI / 2 : 0)
		const x0 = random.range(-0.1, 1.1) * width
		const y0 = random.range(-0.1, 1.1) * height
		const dx = Math.cos(angle)
		const dy = Math.sin(angle)
		const nx = -dy
		const ny = dx
		const bend = random.range(-0.25, 0.25) * length
		const bristles = random.int(5, 7)
		const alpha = random.range(0.35, 0.75)
		for (let bristle = 0; bristle < bristles; bristle++) {
			const offset = (bristle / (bristles - 1) - 0.5) * strokeWidth
			const shift = random.range(-0.04, 0.04) * length
			const sx = x0 + nx * offset + dx * shift
			const sy = y0 + ny * offset + dy * shift
			const ex = sx + dx * length * random.range(0.85, 1)
			const ey = sy + dy * length * random.range(0.85, 1)
			ctx.strokeStyle = rgba(
				random.chance(0.3) ? lighten(color, 0.15) : color,
				alpha * random.range(0.5, 1),
			)
			ctx.lineWidth = (strokeWidth / bristles) * random.range(1.3, 2.1)
			ctx.beginPath()
			ctx.moveTo(sx, sy)
			ctx.bezierCurveTo(
				sx + dx * length * 0.33 + nx * bend,
				sy + dy * length * 0.33 + ny * bend,
				sx + dx * length * 0.66 + nx * bend,
				sy + dy * length * 0.66 + ny * bend,
				ex,
				ey,
			)
			ctx.stroke()
		}
	}
	vignette(ctx, width, height, 0.35)
}

const painters: Record<BackgroundType, Painter> = {
	abstract,
	nature,
	architecture,
	texture,
	geometric,
	gradient,
	minimal,
	artistic,
}

/** Draws the background of `type` for `seed` over the whole width × height. */
export function drawProceduralBackground<Img>(
	ctx: Ctx2D<Img>,
	type: BackgroundType,
	seed: number,
	width: number,
	height: number,
): void {
	const random = createRandom((hashString(type) ^ seed) >>> 0)
	ctx.save()
	painters[type](ctx as Ctx2D, width, height, random)
	ctx.restore()
}

/** drawProceduralBackground as a drawCard background. */
export function proceduralBackground(type: BackgroundType, seed: number) {
	return <Img>(ctx: Ctx2D<Img>, width: number, height: number) =>
		drawProceduralBackground(ctx, type, seed, width, height)
}
