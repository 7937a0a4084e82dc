// The one thing the Activity page takes from Discord's Embedded App SDK: its client, which
// speaks the SDK's protocol with the Discord client around the frame. bundle.sh bundles
// this file with the package from npm (package-lock.json) into discord-sdk.js.
export { DiscordSDK } from "@discord/embedded-app-sdk";
