// Prints the font files cards are drawn with, one module specifier a line: the Docker build
// keeps only these of the @fontsource packages (scripts/slim-node-modules.mjs).
import { allFontFiles } from '../app/cards/fonts'

for (const { specifier } of allFontFiles()) console.log(specifier)
