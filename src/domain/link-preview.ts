/**
 * The user agents of link previews: chat apps and social sites fetch a link when it is pasted, to show
 * its title and picture. They are not the user opening the link, so an agent session's link fetched by
 * one must not count as opened nor start a model (SPEC.md: the model is generated when the user opens
 * the link). Names as the services publish them.
 */
const LINK_PREVIEW_AGENTS =
  /Slackbot|Slack-ImgProxy|facebookexternalhit|Facebot|Twitterbot|Discordbot|TelegramBot|WhatsApp|LinkedInBot|SkypeUriPreview|MicrosoftPreview|Iframely|Embedly|redditbot|Mastodon|Pinterestbot|vkShare|Googlebot|bingbot|Applebot|DuckDuckBot|YandexBot|Baiduspider/i;

/** Whether a request's `User-Agent` is a link preview or a search crawler rather than a person's browser. */
export function isLinkPreview(userAgent: string | undefined): boolean {
  return userAgent !== undefined && LINK_PREVIEW_AGENTS.test(userAgent);
}
