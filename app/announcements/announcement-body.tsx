import { paragraphsOf } from './text'

/** An announcement's text as the mail shows it: paragraphs, line breaks and links. */
export function AnnouncementBody({ body }: { body: string }) {
	return (
		<div className="space-y-3 text-sm text-gray-800 dark:text-gray-200">
			{paragraphsOf(body).map((lines, index) => (
				<p key={index}>
					{lines.map((line, lineIndex) => (
						<span key={lineIndex}>
							{lineIndex > 0 ? <br /> : null}
							{line.map((segment, segmentIndex) =>
								segment.kind === 'link' ? (
									<a
										key={segmentIndex}
										href={segment.href}
										rel="noopener noreferrer nofollow"
										className="break-all text-brand-700 underline dark:text-brand-300"
									>
										{segment.href}
									</a>
								) : (
									<span key={segmentIndex}>{segment.text}</span>
								),
							)}
						</span>
					))}
				</p>
			))}
		</div>
	)
}
