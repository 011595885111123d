// Generated from docs/openapi.json by `npm run gen:api -w console` — do not edit.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Landing page (shows the demo domain's buttons when published) */
        get: operations["landing_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document, browsable (Swagger UI) */
        get: operations["docs_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's canned replies, by shortcut, and whether you may edit them */
        get: operations["agent_canned_replies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chats of your organisation's domains, newest activity first */
        get: operations["list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One chat with its visitor, how far the visitor has read, their earlier chats and their rating */
        get: operations["detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a chat: no agentId means yourself, null unassigns */
        post: operations["assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What files the chat accepts: the largest size and the media types */
        get: operations["agent_attachment_limits"];
        put?: never;
        /** Upload a file (multipart/form-data, field file) to send with a reply */
        post: operations["agent_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a chat (the visitor's calls then answer 410) */
        post: operations["end"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages of a chat */
        get: operations["agent_history"];
        put?: never;
        /** Reply (idempotent on clientId); claims an unassigned chat */
        post: operations["reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A chat's private notes (agents only), oldest first: the latest 1000 */
        get: operations["list_notes"];
        put?: never;
        /** Write a private note on a chat: its agents see it (`note` on their sockets), its visitor never does */
        post: operations["add_note"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move your read marker (no body or no seq: to the latest message) */
        post: operations["mark_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/channels/{id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open an ended chat again in the same thread (a returning visitor); agents get channel-update reopened */
        post: operations["reopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What you are told about by e-mail and Web Push */
        get: operations["choices"];
        /** Choose what you are told about (a field left out stays) */
        put: operations["set_choices"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Online (a 90-second lease on each domain; renew it) or away */
        put: operations["set_presence"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/push-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The server's push key, and your browsers that get notifications */
        get: operations["list_push"];
        put?: never;
        /** Notify this browser: its PushSubscription.toJSON() (several browsers per account) */
        post: operations["push_subscribe"];
        /** Stop notifying this browser (body: its endpoint) */
        delete: operations["push_unsubscribe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's accounts, for assigning */
        get: operations["team"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in: sets the HttpOnly session cookie */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out: ends the session, clears the cookie, gives up presence */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is logged in (refreshes the cookie) */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change your own password (other sessions end) */
        post: operations["change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this server lets anyone sign up (`--allow-signup`) */
        get: operations["enabled"];
        put?: never;
        /** Sign up: a new owner account with an organisation of its own, logged in at once (session cookie, as a login) */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The visitor's channel and persona */
        get: operations["get_channel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What files the chat accepts: the largest size and the media types */
        get: operations["visitor_attachment_limits"];
        put?: never;
        /** Upload a file (multipart/form-data, field file) to send in a message */
        post: operations["visitor_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages of a channel; an ended chat's too (`status` says so) */
        get: operations["visitor_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rate the chat (1-5, an optional comment), ended or open; a later rating replaces it */
        post: operations["rate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A realtime token for the channel and persona (10 minutes) */
        get: operations["token"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channel/{channel_id}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the visitor the whole conversation (asked for at End Chat) */
        post: operations["transcript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channels/available/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an agent of the domain is online */
        get: operations["available"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/channels/domain/{domain_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a chat on a domain (or reopen this browser's ended chat there) */
        post: operations["create_channel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/public/continue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The conversation a link from a visitor's e-mail continues (the link is the credential) */
        post: operations["continue_chat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/geo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Country of an address (the caller's when none is given) */
        get: operations["lookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's accounts (agents and owners) */
        get: operations["list_agents"];
        put?: never;
        /** Add an agent (or, with role owner, an owner) */
        post: operations["add_agent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an account (not your own); its chats become unassigned */
        delete: operations["remove_agent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/agents/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set an account's password; its sessions end */
        post: operations["reset_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's canned replies (owners; agents too when allowed) */
        get: operations["list_canned_replies"];
        put?: never;
        /** Add a canned reply (owners; agents too when allowed) */
        post: operations["add_canned_reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/canned-replies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a canned reply's shortcut and text (owners; agents too when allowed) */
        put: operations["change_canned_reply"];
        post?: never;
        /** Remove a canned reply (owners; agents too when allowed) */
        delete: operations["remove_canned_reply"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/canned-reply-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Whether agents may edit the organisation's canned replies (owners only; default no) */
        put: operations["set_canned_settings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your organisation's domains */
        get: operations["list_domains"];
        put?: never;
        /** Add a domain (it gets an empty draft config) */
        post: operations["create_domain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain */
        get: operations["get_domain"];
        /** Change a domain (missing fields keep their value; the draft's domain entry follows) */
        put: operations["update_domain"];
        post?: never;
        /** Remove a domain with its configs, chats and statistics */
        delete: operations["delete_domain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What files the domain's chats accept (the defaults until set) */
        get: operations["get_attachment_limits"];
        /** Set what files the domain's chats accept */
        put: operations["put_attachment_limits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The draft config (spec §3.1) */
        get: operations["get_config"];
        /** Replace the draft config (up to 1 MiB); its domain entry must be this domain and is written back to it */
        put: operations["put_config"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/config/published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The published config */
        get: operations["get_published"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/installation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installation check: the last page of the domain's hosts that loaded its embed, and pages of other hosts */
        get: operations["installation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish the draft: the hosted embed serves it from the next page view */
        post: operations["publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How long the domain keeps ended conversations */
        get: operations["get_retention"];
        /** Set how long the domain keeps ended conversations (and their files) */
        put: operations["set_retention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Event counts per UTC day and event name, views per button and clicks per action, and ratings per agent */
        get: operations["stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every published version, newest first, with who published it and when */
        get: operations["list_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published version with its config */
        get: operations["get_version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/domains/{id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a published version the draft (publish it to put it live) */
        post: operations["restore_version"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/visitor-data/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase the conversations (and files) of the visitors who gave an e-mail address, on your domains */
        post: operations["erase_visitor_data"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/visitor-data/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Everything kept about the visitors who gave an e-mail address, on your domains */
        post: operations["export_visitor_data"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's webhooks (without their secrets) and the events there are */
        get: operations["list_webhooks"];
        put?: never;
        /** Add a webhook; the answer shows its signing secret, this once */
        post: operations["add_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a webhook and its deliveries' log */
        delete: operations["remove_webhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's latest deliveries, newest first */
        get: operations["webhook_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again (same webhook-id and body), retried for 24 hours */
        post: operations["resend_webhook_delivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/owner/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test event (`webhook.test`) to the webhook; its delivery is logged */
        post: operations["test_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/realtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** WebSocket upgrade (docs/realtime.md): visitors authenticate with a token from the token URL (in the URL or an `auth` frame), agents with their session cookie */
        get: operations["upgrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count a widget statistics event (spec §7); Beckon's extension counts views per button and clicks per action */
        post: operations["collect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/c/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A link from a visitor's e-mail: back to the page where the chat began, or the chat on a page of its own */
        get: operations["continue_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's address without its slash */
        get: operations["to_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console (agents answer chats, owners configure): its index page */
        get: operations["console_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's files (hashed assets immutable); any other path answers its index page (the app routes in the browser) */
        get: operations["file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/d/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted embed: `{domainId}.js`, the published config, its stylesheet and the loader in one response (ETag, 304) */
        get: operations["embed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{id}/{mac}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file sent in a chat, to whoever has its URL (as long as its chat is kept) */
        get: operations["chat_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process serves HTTP */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format); only with `--metrics`, keep it off the public internet */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store (and any other configured dependency) answers; one line per check */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/static/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The built widget and the chat sounds (hashed names immutable, others 5 minutes with an ETag) */
        get: operations["static_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/u/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unsubscribe link of a notification mail: a page that asks */
        get: operations["ask"];
        put?: never;
        /** Stop the notification mail of the link's account (its page's button, or a mail client's one-click request) */
        post: operations["stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Which conversations an account is told about.
         * @enum {string}
         */
        About: "all" | "unassigned" | "mine";
        AccountList: {
            agents: components["schemas"]["User"][];
            notifications: components["schemas"]["Notifications"];
        };
        /** @description The ratings credited to one agent (or to nobody) in a period. */
        AgentRatings: {
            /** @description A user id; null for chats nobody was assigned to (or whose agent was removed since). */
            agentId?: string | null;
            /**
             * Format: double
             * @description The mean score (1-5).
             */
            average: number;
            /** Format: int64 */
            count: number;
            /** @description The agent's name; null with `agentId`. */
            name?: string | null;
        };
        /**
         * @description An agent's chosen status.
         * @enum {string}
         */
        AgentStatus: "online" | "away";
        /** @description An assignment: a user id, `null` for nobody; no `agentId`: yourself. */
        AssignBody: {
            agentId?: string | null;
        };
        /** @description A file or link sent with a message. */
        Attachment: {
            name?: string;
            /**
             * Format: int64
             * @description Bytes (Beckon's own, beside the spec's three): files uploaded to Beckon have it.
             */
            size?: number | null;
            type: string;
            url: string;
        };
        /** @description An attachment as a client sends it (`name` optional). */
        AttachmentIn: {
            name?: string | null;
            type: string;
            url: string;
        };
        /**
         * @description What a chat's files may be (docs/attachments.md): the domain's largest size and its media
         *     types, which the upload checks against the file's bytes. Owners set them for a domain.
         */
        AttachmentLimits: {
            /**
             * Format: int64
             * @description Bytes.
             */
            maxBytes: number;
            /** @description Media types, e.g. `image/png`. */
            types: string[];
        };
        /** @description Whether an agent is online for a domain. */
        Availability: {
            agentAvailable: boolean;
            /**
             * @description This server mails an agent's reply the visitor has not seen (it has `--smtp-url`); the
             *     chat says so while nobody is online (as the socket's `ready` does).
             */
            repliesByEmail: boolean;
        };
        /** @description A canned reply. */
        CannedReply: {
            id: string;
            shortcut: string;
            text: string;
            /** @description RFC 3339. */
            updatedAt: string;
        };
        /** @description A canned reply to add or change. Read loosely, so that a wrong type is a 400 naming the field. */
        CannedReplyBody: {
            /**
             * @description 1–32 characters of `a-z`, `0-9`, `-` and `_` (capitals are taken in lower case); unique
             *     in the organisation. What the agent types after `/` in the reply box.
             */
            shortcut: string;
            /**
             * @description Trimmed; at most 4000 characters (a message's limit). May hold placeholders the console
             *     fills when it inserts the reply: `{visitor.name}`, `{agent.name}`, `{domain}`.
             */
            text: string;
        };
        /** @description The organisation's canned replies, by shortcut, and who may edit them. */
        CannedReplyList: {
            /** @description The owner allows agents to edit them (owners always may). */
            agentsMayEdit: boolean;
            /** @description The account asking may add, change and remove them. */
            canEdit: boolean;
            replies: components["schemas"]["CannedReply"][];
        };
        /** @description Whether agents may edit the organisation's canned replies. */
        CannedSettings: {
            agentsMayEdit: boolean;
        };
        /**
         * @description A chat as the visitor's calls answer it, with the domain's `chat-*` properties (legal
         *     notice etc., spec §3.3).
         */
        Channel: {
            /** @description RFC 3339. */
            createdAt: string;
            domainId: string;
            endedAt?: string | null;
            id: string;
            lastActivityAt: string;
            /** Format: int64 */
            lastSeq: number;
            /** @description The domain's `chat-*` properties: a string, or an object such as `{link, text}`. */
            properties: Record<string, unknown>;
            status: components["schemas"]["ChannelStatus"];
        };
        /** @description The answer of the channel GET and the channel POST. */
        ChannelAnswer: {
            channel: components["schemas"]["Channel"];
            chatClientPersona: components["schemas"]["ClientPersona"];
        };
        /**
         * @description One chat in detail: the summary, how far the visitor has read (the console shows "Seen"
         *     after a reload too), the visitor's earlier chats on this site, newest first, and the
         *     visitor's rating of this chat, if they gave one.
         */
        ChannelDetail: components["schemas"]["ChannelSummary"] & {
            earlierConversations: components["schemas"]["EarlierConversation"][];
            rating?: null | components["schemas"]["Rating"];
            /** @description Where the visitor is and came from (`crates/store/src/visits/`). */
            visit: components["schemas"]["Visit"];
            /** Format: int64 */
            visitorReadSeq: number;
        };
        /** @description The chat list, newest activity first. */
        ChannelList: {
            channels: components["schemas"]["ChannelSummary"][];
            /** Format: int64 */
            unreadTotal: number;
        };
        /**
         * @description Whether a chat is open or ended.
         * @enum {string}
         */
        ChannelStatus: "open" | "ended";
        /** @description A chat as the console lists it. */
        ChannelSummary: {
            /** @description A user id. */
            assignedAgentId?: string | null;
            createdAt: string;
            domainId: string;
            domainName: string;
            endedAt?: string | null;
            endedBy?: null | components["schemas"]["EndedBy"];
            id: string;
            lastActivityAt: string;
            /**
             * @description The names of the latest message's files: the inbox shows a file sent without text by its
             *     name.
             */
            lastMessageFiles: string[];
            lastMessageText?: string | null;
            /** Format: int64 */
            lastSeq: number;
            status: components["schemas"]["ChannelStatus"];
            /** Format: int64 */
            unread: number;
            visitor: components["schemas"]["Visitor"];
            /**
             * @description While nobody has answered the visitor's latest message: when their first unanswered
             *     message came (the Waiting list's order).
             */
            waitingSince?: string | null;
        };
        /** @description The visitor's own persona, as the widget stores it (spec §3.3) plus id and type. */
        ClientPersona: {
            avatarUrl?: string | null;
            email?: string | null;
            id: string;
            ip?: string | null;
            /**
             * Format: int64
             * @description Unix ms when the legal notices were accepted; 0 when not accepted.
             */
            legalNoticeAccepted: number;
            name: string;
            type: components["schemas"]["PersonaType"];
            url?: string | null;
        };
        /** @description A widget config (spec §3.1); its types are the model's (crates/model) */
        Config: Record<string, unknown>;
        /** @description Where a domain's config stands. */
        ConfigState: {
            draftUpdatedAt?: string | null;
            publishedAt?: string | null;
            /** Format: int64 */
            publishedVersion?: number | null;
            /** @description The draft differs from what is published (or nothing is published yet). */
            unpublishedChanges: boolean;
        };
        /**
         * @description One published version; `publishedBy` null when the CLI published it or it predates the
         *     history.
         */
        ConfigVersion: {
            /** @description Whether this is what the embed serves now. */
            current: boolean;
            etag: string;
            publishedAt: string;
            publishedBy?: null | components["schemas"]["Publisher"];
            /** Format: int64 */
            version: number;
        };
        /** @description A link from a visitor's e-mail (the token after `/c/`). */
        ContinueBody: {
            token?: string | null;
        };
        /** @description Events of one name on one UTC day. */
        DayCount: {
            /** Format: int64 */
            count: number;
            /** @description YYYY-MM-DD. */
            day: string;
            event: string;
        };
        /**
         * @description Where a delivery stands: `pending` (being tried), `succeeded` (a 2xx), `failed` (retried
         *     for 24 hours without one).
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed";
        /**
         * @description A new domain, or changes to one (missing fields keep their value). Read field by field, so
         *     that a 422 lists every problem with its field.
         */
        DomainBody: {
            aliases?: string[] | null;
            /** @description A host name (required for a new domain). */
            name?: string | null;
            properties?: Record<string, unknown> | null;
            /** @description An IANA time zone; null: the visitor's own. */
            timezone?: string | null;
            /** @description FREE, STARTER, PRO or UNKNOWN. */
            type?: string | null;
        };
        /** @description A domain as the owner API answers it. */
        DomainInfo: {
            aliases: string[];
            config: components["schemas"]["ConfigState"];
            /** @description RFC 3339. */
            createdAt: string;
            embed: components["schemas"]["Embed"];
            id: string;
            name: string;
            properties: Record<string, unknown>;
            /** @description An IANA time zone; null: the visitor's own. */
            timezone?: string | null;
            /** @description FREE, STARTER, PRO or UNKNOWN. */
            type: string;
        };
        DomainList: {
            domains: components["schemas"]["DomainInfo"][];
        };
        /** @description A visitor's earlier chat: the same e-mail on the same site. */
        EarlierConversation: {
            createdAt: string;
            endedAt?: string | null;
            id: string;
            lastActivityAt: string;
            lastMessageText?: string | null;
            status: components["schemas"]["ChannelStatus"];
        };
        /** @description How a site embeds the domain's published config. */
        Embed: {
            /**
             * Format: int64
             * @description How long browsers may reuse the hosted embed (0: they ask on every page view).
             */
            maxAgeSeconds: number;
            /** @description The `<script>` to paste into the site's pages. */
            snippet: string;
            url: string;
        };
        /** @description Who ended a chat: the visitor (`personaId` is `visitor.id`) or an agent. */
        EndedBy: {
            name?: string | null;
            personaId: string;
        };
        /** @description What an erasure removed. */
        Erased: {
            /** Format: int64 */
            conversations: number;
            /** Format: int64 */
            files: number;
        };
        /** @description `{"error": "…"}`, sometimes with more fields. */
        ErrorBody: {
            /** @description What is wrong, in words for people. */
            error: string;
            /** @description 400 of a new chat: each bad field of the persona and what is wrong with it. */
            fields?: {
                [key: string]: string;
            } | null;
            /** @description 422: every problem of the body. */
            problems?: components["schemas"]["ProblemBody"][] | null;
            /**
             * Format: int64
             * @description 429: seconds to wait (also the `Retry-After` header).
             */
            retryAfter?: number | null;
        };
        /** @description One conversation of the visitor's, with every message. */
        ExportedConversation: {
            createdAt: string;
            endedAt?: string | null;
            /** @description `visitor` or `agent`, while it is ended (`null`: not known). */
            endedBy?: string | null;
            id: string;
            /** @description The latest message or change (RFC 3339). */
            lastActivityAt: string;
            /** @description When mail went to the visitor about it (kept a day, for the bounds on mail). */
            mailsSentAt: string[];
            messages: components["schemas"]["ExportedMessage"][];
            /**
             * @description The agents' private notes on the conversation: the visitor never saw them, yet they are
             *     data about the visitor (the owner decides what to hand over: docs/privacy.md).
             */
            notes: components["schemas"]["ExportedNote"][];
            rating?: null | components["schemas"]["ExportedRating"];
            read?: null | components["schemas"]["ExportedRead"];
            /** @description The site's domain name. */
            site: string;
            status: components["schemas"]["ChannelStatus"];
            /**
             * @description What the console shows beside the conversation: the browser and system, country,
             *     referrer and time zone when it began, when the visitor left, the pages they saw.
             */
            visit: components["schemas"]["ExportedVisit"];
            /** @description What the visitor gave: name, e-mail, address, page, consent. */
            visitor: components["schemas"]["ExportedVisitor"];
            /** @description What the organisation's webhooks were sent about it: the event, the body sent, how it went. */
            webhookDeliveries: components["schemas"]["ExportedDelivery"][];
        };
        ExportedDelivery: {
            /** @description The JSON sent, as it was sent. */
            body: string;
            createdAt: string;
            event: string;
            /** @description pending, succeeded or failed. */
            status: string;
        };
        /** @description A file of the visitor's conversations. */
        ExportedFile: components["schemas"]["Attachment"] & {
            conversationId: string;
            createdAt: string;
            /** @description `visitor` or `agent`. */
            uploader: string;
        };
        ExportedMessage: {
            attachments: components["schemas"]["Attachment"][];
            createdAt: string;
            /** @description `visitor` or `agent`. */
            from: string;
            name?: string | null;
            /** Format: int64 */
            seq: number;
            text: string;
        };
        /** @description An agent's private note on the conversation. */
        ExportedNote: {
            /** @description The agent's name when they wrote it. */
            author: string;
            /** @description RFC 3339. */
            createdAt: string;
            text: string;
        };
        ExportedPage: {
            seenAt: string;
            title?: string | null;
            url: string;
        };
        ExportedRating: {
            comment?: string | null;
            createdAt: string;
            /** Format: int32 */
            score: number;
        };
        ExportedRead: {
            at: string;
            /** Format: int64 */
            seq: number;
        };
        ExportedVisit: {
            country?: string | null;
            /** @description The language the visitor's widget spoke (their mails' language). */
            language?: string | null;
            leftAt?: string | null;
            /** @description The latest first. */
            pages: components["schemas"]["ExportedPage"][];
            referrer?: string | null;
            timeZone?: string | null;
            /** @description The browser's `User-Agent` (browser and system). */
            userAgent?: string | null;
        };
        ExportedVisitor: {
            /** @description When the visitor accepted the legal notices (RFC 3339). */
            consentAt?: string | null;
            /** @description When this visitor was first kept (a returning visitor's first conversation). */
            createdAt: string;
            email?: string | null;
            ip?: string | null;
            name: string;
            url?: string | null;
        };
        /** @description The country of an address. */
        GeoAnswer: {
            /** @description ISO 3166-1 alpha-2; null when unknown (or no geo database is configured). */
            country_code?: string | null;
            ip: string;
        };
        /**
         * @description A chat's messages after a sequence number and its personas: the visitor's and the agent's
         *     history calls. `status` only in the visitor's (an ended chat is shown read-only).
         */
        History: {
            /** Format: int64 */
            lastSeq: number;
            messages: components["schemas"]["Message"][];
            personas: components["schemas"]["PublicPersona"][];
            status?: null | components["schemas"]["ChannelStatus"];
        };
        /** @description The installation check. */
        Installation: {
            embedUrl: string;
            installed?: null | components["schemas"]["Sighting"];
            /**
             * @description Pages of other hosts that loaded the embed, most recent first (a typo in the domain
             *     name, or the snippet copied to another site).
             */
            unknownHosts: components["schemas"]["Sighting"][];
        };
        /** @description Views of a button (`actionId` null) or clicks of one of its actions, on one UTC day. */
        ItemCount: {
            actionId?: string | null;
            buttonId: string;
            /** Format: int64 */
            count: number;
            day: string;
            event: string;
        };
        /** @description A login. Missing fields read as empty (a wrong login, 401). */
        LoginBody: {
            email?: string;
            password?: string;
        };
        /** @description A stored message, as history, replies and the realtime `chat-message` deliver it. */
        Message: {
            attachments: components["schemas"]["Attachment"][];
            /** @description The sender's own id for the message (re-sends are de-duplicated on it). */
            clientId: string;
            /** @description RFC 3339. */
            createdAt: string;
            id: string;
            sender: components["schemas"]["PublicPersona"];
            /**
             * Format: int64
             * @description 1, 2, 3 … per chat, without gaps.
             */
            seq: number;
            text: string;
        };
        /** @description A new account of the organisation. */
        NewAgentBody: {
            email?: string;
            name?: string;
            /** @description At least 8 characters. */
            password?: string;
            role?: null | components["schemas"]["Role"];
        };
        /**
         * @description The body of a new chat: the visitor's persona (spec §3.3), and the visitor persona of this
         *     browser's ended chat, for a returning visitor. Validated field by field (`parse_persona`),
         *     so that a 400 lists every bad field.
         */
        NewChat: {
            email: string;
            ip?: string | null;
            /**
             * @description The language tag the widget speaks ("fr", "pt-BR"): the mails to the visitor are written
             *     in it (its language when it is one of the widget's; else the domain's, else English).
             */
            language?: string | null;
            /**
             * Format: int64
             * @description Unix ms when the legal notices were accepted (0: not accepted); `true` means now.
             */
            legalNoticeAccepted?: number | null;
            name: string;
            personaId?: string | null;
            /** @description The page's http(s) URL. */
            url?: string | null;
        };
        /** @description A private note on a chat: agents see it, the visitor never does. */
        Note: {
            author: components["schemas"]["NoteAuthor"];
            /** @description RFC 3339. */
            createdAt: string;
            id: string;
            text: string;
        };
        /** @description Who wrote a note (their name when they wrote it). */
        NoteAuthor: {
            /** @description The user id; `null` once the account is removed. */
            id?: string | null;
            name: string;
        };
        /** @description A new note. Read loosely, so that a wrong type is a 422 naming the field. */
        NoteBody: {
            /** @description Trimmed; at most 4000 characters (as a message). */
            text: string;
        };
        /** @description A chat's notes, oldest first (the latest 1000). */
        NoteList: {
            notes: components["schemas"]["Note"][];
        };
        /** @description What you are told about, by e-mail and by Web Push. */
        NotificationChoices: {
            /** @description Which conversations: every one, only unassigned ones, only yours (e-mail and push alike). */
            about: components["schemas"]["About"];
            /** @description The address mail goes to. */
            address: string;
            /** @description E-mail about visitors who wait (when this server sends mail). */
            email: boolean;
            /** @description Whether this server sends mail at all (`--smtp-url`). */
            emailAvailable: boolean;
        };
        /** @description A change of what you are told about; a field left out stays as it is. */
        NotificationChoicesBody: {
            about?: null | components["schemas"]["About"];
            email?: boolean | null;
        };
        /** @description How this server tells agents about visitors nobody answered (docs/notifications.md). */
        Notifications: {
            /**
             * Format: int64
             * @description How long a message may wait unread before it is mailed (`--notify-delay-seconds`).
             */
            delaySeconds: number;
            /**
             * @description Whether the server mails (`--smtp-url`): agents who are not online about visitors'
             *     messages nobody read, visitors about replies they did not see.
             */
            email: boolean;
        };
        Organisation: {
            id: string;
            name: string;
        };
        PageSeen: {
            seenAt: string;
            title?: string | null;
            url: string;
        };
        /** @description Changing your own password; other sessions end. */
        PasswordBody: {
            currentPassword?: string;
            /** @description At least 8 characters. */
            newPassword?: string;
        };
        /**
         * @description Who a persona is (spec §3.3): the visitor (`ChatClient`) or someone of the site.
         * @enum {string}
         */
        PersonaType: "ChatClient" | "ChatAgentPersona" | "ChatOrganizationDomainPersona" | "OrganizationPersona";
        PresenceAnswer: {
            /**
             * Format: int64
             * @description 0 when away.
             */
            leaseSeconds: number;
            status: components["schemas"]["AgentStatus"];
        };
        /** @description `online` takes a lease on every domain of the organisation (renew it); `away` gives it up. */
        PresenceBody: {
            status: components["schemas"]["AgentStatus"];
        };
        /** @description One thing wrong with a request body: where (a field name or a JSON path) and what. */
        ProblemBody: {
            message: string;
            path: string;
        };
        /**
         * @description What anyone in a chat may see of a persona: a message's sender, a presence frame's persona.
         *     `type` and `name` are null for a sender whose persona is gone; `id` is null for an agent
         *     without a persona.
         */
        PublicPersona: {
            avatarUrl?: string | null;
            id?: string | null;
            name?: string | null;
            type?: null | components["schemas"]["PersonaType"];
        };
        /** @description A publication. */
        Published: {
            embedUrl: string;
            etag: string;
            publishedAt: string;
            /** Format: int64 */
            version: number;
        };
        /** @description Who published a version; `id` null once the account is removed. */
        Publisher: {
            id?: string | null;
            name: string;
        };
        PushDevice: {
            createdAt: string;
            endpoint: string;
        };
        /** @description The server's push key and your browsers that get notifications. */
        PushDevices: {
            subscriptions: components["schemas"]["PushDevice"][];
            /** @description The `applicationServerKey` to subscribe with (base64url, the server's VAPID public key). */
            vapidPublicKey: string;
        };
        /** @description Which subscription to remove. */
        PushEndpointBody: {
            endpoint?: string | null;
        };
        /** @description The browser's keys, base64url. */
        PushKeys: {
            /** @description Its authentication secret (16 bytes). */
            auth?: string | null;
            /** @description Its P-256 public key (65 bytes, uncompressed). */
            p256dh?: string | null;
        };
        /**
         * @description A browser's push subscription, as `PushSubscription.toJSON()` gives it (`expirationTime` and
         *     anything else is ignored).
         */
        PushSubscriptionBody: {
            /** @description The push service's URL for this browser (https). */
            endpoint?: string | null;
            keys?: null | components["schemas"]["PushKeys"];
        };
        /** @description A chat's rating, as the visitor gave it (the latest: a new one replaces it). */
        Rating: {
            comment?: string | null;
            /** @description RFC 3339. */
            createdAt: string;
            /**
             * Format: int32
             * @description 1 (poor) to 5 (excellent).
             */
            score: number;
        };
        /**
         * @description A visitor's rating of their chat (once it has ended, or while it is open). Both fields are
         *     read loosely, so that a wrong type is a 422 naming the field.
         */
        RatingBody: {
            /** @description Optional; trimmed, at most 1000 characters. */
            comment?: string | null;
            /**
             * Format: int32
             * @description 1 (poor) to 5 (excellent), a whole number.
             */
            score: number;
        };
        /** @description Ratings given in a period: how many and their mean score, on the whole and per agent. */
        RatingStats: {
            /**
             * @description Per agent the chat was assigned to when rated, the most rated first (among equals by
             *     name); a chat nobody was assigned to counts under `agentId` null.
             */
            agents: components["schemas"]["AgentRatings"][];
            /**
             * Format: double
             * @description The mean score (1-5); null without ratings.
             */
            average?: number | null;
            /** Format: int64 */
            count: number;
        };
        /** @description The read marker now. */
        ReadAnswer: {
            /** Format: int64 */
            seq: number;
        };
        /** @description A read marker; no `seq`: the latest message. */
        ReadBody: {
            /** Format: int64 */
            seq?: number | null;
        };
        /** @description The stored reply; `created` is false for a re-sent `clientId` (200 instead of 201). */
        ReplyAnswer: {
            created: boolean;
            message: components["schemas"]["Message"];
        };
        /** @description A reply. Both fields are read loosely so that a wrong type is a 422 naming the field. */
        ReplyBody: {
            /** @description Files uploaded to this chat first (`POST …/attachments`), as the upload answered them. */
            attachments?: components["schemas"]["AttachmentIn"][] | null;
            /** @description A string you choose, at most 100 bytes: re-sending it stores nothing new. */
            clientId: string;
            /** @description Trimmed; at most 4000 characters. May be empty with attachments. */
            text: string;
        };
        /** @description An account's new password; its sessions end. */
        ResetPasswordBody: {
            /** @description At least 8 characters. */
            password?: string;
        };
        /** @description A version made the draft again. */
        Restored: {
            /** @description The new draft. */
            config: components["schemas"]["Config"];
            /**
             * Format: int64
             * @description The version it was copied from.
             */
            restoredFrom: number;
            updatedAt: string;
        };
        /** @description How long a domain keeps ended conversations and their files. */
        RetentionSetting: {
            /**
             * Format: int64
             * @description Days after a conversation ended; `null`: until erased. 1 to 3650.
             */
            days?: number | null;
        };
        /**
         * @description A user's role in the organisation.
         * @enum {string}
         */
        Role: "owner" | "agent";
        /** @description The saved draft. */
        SavedConfig: {
            config: components["schemas"]["Config"];
            updatedAt: string;
        };
        /** @description Who is logged in: the answer of login, sign-up and `GET /v1/auth/me`. */
        Session: {
            /** @description Send it as `X-Beckon-CSRF` with every request that changes something. */
            csrfToken: string;
            organisation: components["schemas"]["Organisation"];
            user: components["schemas"]["User"];
        };
        /** @description A page that loaded the embed. */
        Sighting: {
            host: string;
            seenAt: string;
            /** @description The page's address as far as the browser told it (often only its origin). */
            url: string;
        };
        /** @description A sign-up: a new owner account with an organisation of its own. */
        SignupBody: {
            email?: string;
            name?: string;
            /** @description The new organisation's name; default "{name}'s organisation". */
            organisation?: string | null;
            /** @description At least 8 characters. */
            password?: string;
        };
        /** @description Whether this server lets anyone sign up (`--allow-signup`). */
        SignupState: {
            enabled: boolean;
        };
        /** @description A domain's statistics over a range of days. */
        StatsAnswer: {
            counts: components["schemas"]["DayCount"][];
            domainId: string;
            from: string;
            items: components["schemas"]["ItemCount"][];
            /** @description The visitors' ratings of the domain's chats given in the range. */
            ratings: components["schemas"]["RatingStats"];
            to: string;
            /** @description Each event name's total over the range. */
            totals: {
                [key: string]: number;
            };
        };
        /** @description A widget statistics event (spec §7). */
        StatsBody: {
            payload: components["schemas"]["StatsPayload"];
            type: components["schemas"]["StatsKind"];
        };
        /**
         * @description A statistics body's `type`.
         * @enum {string}
         */
        StatsKind: "event";
        /**
         * @description What a statistics event counts. Read field by field (`http/stats.rs`), so that a 400 says
         *     which field is wrong.
         */
        StatsPayload: {
            /** @description The action clicked; needs exactly one button (its own). */
            action?: string | null;
            /** @description Counted once per button instead of once per name; needs `name`. Ids of 1-64 characters. */
            buttons?: string[] | null;
            /** @description The matched domain id. */
            event_name: string;
            /** @description The event (default `pageview`); the widget sends `view` and `click`. */
            name?: string | null;
            url?: string | null;
            website?: string | null;
        };
        Team: {
            agents: components["schemas"]["TeamMember"][];
        };
        /** @description A member of the organisation, for assigning. */
        TeamMember: {
            id: string;
            name: string;
            personaId?: string | null;
            role: components["schemas"]["Role"];
        };
        /** @description A realtime token for the visitor. */
        TokenAnswer: {
            /**
             * Format: int64
             * @description Unix ms.
             */
            expiresAt: number;
            token: string;
        };
        /** @description A transcript on its way: the address it goes to. */
        TranscriptAnswer: {
            email: string;
        };
        /** @description An account as the API shows it (never its password hash). */
        User: {
            /** @description RFC 3339. */
            createdAt: string;
            email: string;
            id: string;
            name: string;
            orgId: string;
            /** @description The persona the account writes in chats as. */
            personaId?: string | null;
            role: components["schemas"]["Role"];
        };
        VersionList: {
            versions: components["schemas"]["ConfigVersion"][];
        };
        /** @description One published version with its config. */
        VersionWithConfig: components["schemas"]["ConfigVersion"] & {
            config: components["schemas"]["Config"];
        };
        /**
         * @description The visitor of a conversation beside it: the browser, country, referrer and time zone when
         *     the chat began, whether they have left the site, and the pages seen during it, latest first.
         */
        Visit: {
            /** @description ISO 3166 code (with `--geoip-db`). */
            country?: string | null;
            /** @description When the visitor's widget went away; `null` while they are on the site. */
            leftAt?: string | null;
            pages: components["schemas"]["PageSeen"][];
            referrer?: string | null;
            /** @description IANA zone, e.g. "Europe/Amsterdam": the visitor's local time. */
            timeZone?: string | null;
            userAgent?: string | null;
        };
        /**
         * @description The visitor of a chat, as agents see them: `id` is the visitor's public id
         *     ([`public_visitor_id`]), never the persona id their chat calls are made with.
         */
        Visitor: {
            /** @description When the visitor accepted the legal notices (RFC 3339), if they did. */
            consentAt?: string | null;
            email?: string | null;
            firstSeenAt: string;
            id: string;
            ip?: string | null;
            lastSeenAt: string;
            name?: string | null;
            url?: string | null;
        };
        /** @description Whose data: the e-mail address the visitor gave in the chat's form. */
        VisitorEmailBody: {
            email?: string | null;
        };
        /** @description Everything kept about the visitors who gave one e-mail address (GDPR art. 15 and 20). */
        VisitorExport: {
            conversations: components["schemas"]["ExportedConversation"][];
            email: string;
            /** @description RFC 3339. */
            exportedAt: string;
            /** @description Every file uploaded to those conversations (sent in a message or not). */
            files: components["schemas"]["ExportedFile"][];
        };
        /** @description A webhook (its secret is shown once, when it is created: [`WebhookCreated`]). */
        Webhook: {
            /** @description RFC 3339. */
            createdAt: string;
            /** @description Only this domain's events; null: every domain of the organisation. */
            domainId?: string | null;
            events: string[];
            id: string;
            url: string;
        };
        /** @description A new webhook. */
        WebhookBody: {
            /** @description Only this domain's events (a domain of the organisation); absent or null: every domain. */
            domainId?: string | null;
            /**
             * @description Among `conversation.started`, `message.created`, `conversation.ended`,
             *     `conversation.rated`; at least one.
             */
            events?: string[] | null;
            /** @description Where events are POSTed: an https address (http too with `--allow-private-outbound`). */
            url?: string | null;
        };
        /** @description A webhook just created, with its signing secret: the only answer that shows it. */
        WebhookCreated: {
            /** @description `whsec_` + base64: verify each delivery's `webhook-signature` with it (Standard Webhooks). */
            secret: string;
            webhook: components["schemas"]["Webhook"];
        };
        /** @description One event sent (or being sent) to a webhook. */
        WebhookDelivery: {
            /** Format: int64 */
            attempts: number;
            createdAt: string;
            /** @description The `webhook-id` header of every attempt. */
            id: string;
            /** @description RFC 3339. */
            lastAttemptAt?: string | null;
            /** @description What went wrong last, if anything. */
            lastError?: string | null;
            /** @description RFC 3339; null once it succeeded or failed. */
            nextAttemptAt?: string | null;
            /**
             * Format: int64
             * @description The HTTP status the endpoint last answered; null: no answer (yet).
             */
            responseCode?: number | null;
            status: components["schemas"]["DeliveryStatus"];
            /** @description The event type (`webhook.test` for a test event). */
            type: string;
        };
        /** @description A webhook's deliveries, newest first (the log keeps the last 100). */
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        WebhookList: {
            /** @description The events a webhook may subscribe to. */
            events: string[];
            webhooks: components["schemas"]["Webhook"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    landing_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    docs_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML (no-cache, ETag) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the console, which carries the page, is not built on this server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
        };
    };
    agent_canned_replies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description canned replies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list: {
        parameters: {
            query?: {
                /**
                 * @description open (default), waiting (open chats nobody has answered since the visitor's latest
                 *     message, the longest waiting first), ended, mine, unassigned, all.
                 */
                filter?: string;
                /** @description Search the visitor's name or e-mail. */
                q?: string;
                /** @description Only this domain. */
                domainId?: string;
                /**
                 * @description Paging: the lastActivityAt of the last chat of the previous page (Unix ms; its
                 *     waitingSince for `waiting`); only chats listed after it come.
                 */
                before?: number;
                /**
                 * @description Paging, with before: the id of the last chat of the previous page, so that chats active
                 *     in the same millisecond are neither skipped nor repeated.
                 */
                beforeId?: string;
                /** @description At most this many (≤ 200, default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description chats */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelList"];
                };
            };
            /** @description unknown filter, or before/limit not a number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    detail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the chat */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelDetail"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    assign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": null | components["schemas"]["AssignBody"];
            };
        };
        responses: {
            /** @description the chat */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSummary"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description agentId is not an account of your organisation */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agent_attachment_limits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the domain's limits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLimits"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agent_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        /** @description a field named file */
        requestBody?: {
            content: {
                "multipart/form-data": unknown;
            };
        };
        responses: {
            /** @description stored: send it in the reply's attachments */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            /** @description not multipart, no file field, or an empty file */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description larger than the domain allows ("too large: at most 10 MB") */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description a type the domain does not accept ("type not allowed: …") */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    end: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the chat */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSummary"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agent_history: {
        parameters: {
            query?: {
                /** @description Only messages after this sequence number. */
                after?: number;
                /** @description At most this many (1-1000, default 1000). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["History"];
                };
            };
            /** @description after/limit not a number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplyBody"];
            };
        };
        responses: {
            /** @description already stored under this clientId (`created` false) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplyAnswer"];
                };
            };
            /** @description stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplyAnswer"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description another sender used this clientId in the chat */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the chat has ended */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description invalid fields: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_notes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description notes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_note: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoteBody"];
            };
        };
        responses: {
            /** @description stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Note"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description invalid text: `problems` says why */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mark_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": null | components["schemas"]["ReadBody"];
            };
        };
        responses: {
            /** @description the marker */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadAnswer"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reopen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description chat channel id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the chat */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSummary"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such chat */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    choices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description your choices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationChoices"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_choices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NotificationChoicesBody"];
            };
        };
        responses: {
            /** @description your choices now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationChoices"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_presence: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PresenceBody"];
            };
        };
        responses: {
            /** @description the status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PresenceAnswer"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown status */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_push: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description key and browsers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushDevices"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    push_subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushSubscriptionBody"];
            };
        };
        responses: {
            /** @description kept (a known endpoint is updated) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the endpoint or a key is not usable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    push_unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushEndpointBody"];
            };
        };
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such subscription of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no endpoint */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    team: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description accounts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBody"];
            };
        };
        responses: {
            /** @description logged in; keep `csrfToken` for writes */
            200: {
                headers: {
                    /** @description the session cookie */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description wrong e-mail or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description cross-site login refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too many attempts from this address or for this account; `retryAfter` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description logged out (also without a session) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the CSRF check failed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordBody"];
            };
        };
        responses: {
            /** @description changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or the account has no chat persona */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the new password is too short: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    enabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description on or off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupState"];
                };
            };
        };
    };
    signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupBody"];
            };
        };
        responses: {
            /** @description signed up and logged in */
            201: {
                headers: {
                    /** @description the session cookie */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description cross-site sign-up refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description sign-up is off on this server */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the e-mail already has an account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description every problem: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too many sign-ups from this address: `retryAfter` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_channel: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description channel and persona */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelAnswer"];
                };
            };
            /** @description personaId missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the chat has ended (`channelId` names it), or was erased (`erased: true`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    visitor_attachment_limits: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the domain's limits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLimits"];
                };
            };
            /** @description personaId missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    visitor_upload: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        /** @description a field named file */
        requestBody?: {
            content: {
                "multipart/form-data": unknown;
            };
        };
        responses: {
            /** @description stored: send it in a message's attachments */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            /** @description personaId missing, not multipart, no file field, or an empty file */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the chat has ended */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description larger than the domain allows ("too large: at most 10 MB") */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description a type the domain does not accept ("type not allowed: …") */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too many files from this address (20, then one every 10 s); `retryAfter` says when */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    visitor_history: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
                /** @description Only messages after this sequence number. */
                after?: number;
                /** @description At most this many (1-1000, default 1000). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["History"];
                };
            };
            /** @description personaId missing, or after/limit not a number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rate: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RatingBody"];
            };
        };
        responses: {
            /** @description the rating kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rating"];
                };
            };
            /** @description personaId missing, the body is not JSON, or text with U+0000 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description a bad score or comment: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    token: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenAnswer"];
                };
            };
            /** @description personaId missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown channel or not this persona's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the chat has ended */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    transcript: {
        parameters: {
            query?: {
                /** @description The visitor's persona id: their credential (required). */
                personaId?: string;
            };
            header?: never;
            path: {
                /** @description chat channel id */
                channel_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description queued: the address it goes to */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptAnswer"];
                };
            };
            /** @description no such chat of this persona */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the visitor gave no e-mail address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description more mail from this chat or site than its bounds allow */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description this server sends no e-mail (no --smtp-url) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    available: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id (or a channel id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description availability */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            /** @description unknown domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_channel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewChat"];
            };
        };
        responses: {
            /** @description the new (or reopened) channel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelAnswer"];
                };
            };
            /** @description the body is not JSON, or an invalid persona: `fields` names each bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description unknown domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `personaId` names an erased visitor (`erased: true`): nothing was created */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too many new chats from this address; `retryAfter` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    continue_chat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContinueBody"];
            };
        };
        responses: {
            /** @description the channel (ended or not) and its visitor, to keep in this browser */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelAnswer"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not a link this server made, or its chat is gone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the link has expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    lookup: {
        parameters: {
            query?: {
                /** @description An IP address (default: the caller's). */
                ip?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description country */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoAnswer"];
                };
            };
            /** @description not an IP address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_agents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description accounts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_agent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewAgentBody"];
            };
        };
        responses: {
            /** @description the account */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the e-mail is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description invalid fields: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_agent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description your own account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reset_password: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordBody"];
            };
        };
        responses: {
            /** @description set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too short: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_canned_replies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description canned replies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description an agent, and agents may not edit canned replies */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_canned_reply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CannedReplyBody"];
            };
        };
        responses: {
            /** @description added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReply"];
                };
            };
            /** @description a bad shortcut or text: `problems` names each */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the shortcut is taken in the organisation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_canned_reply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description canned reply id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CannedReplyBody"];
            };
        };
        responses: {
            /** @description changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReply"];
                };
            };
            /** @description a bad shortcut or text: `problems` names each */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such canned reply in your organisation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the shortcut is taken in the organisation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_canned_reply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description canned reply id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such canned reply in your organisation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_canned_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CannedSettings"];
            };
        };
        responses: {
            /** @description the setting */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedSettings"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_domains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_domain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainBody"];
            };
        };
        responses: {
            /** @description the domain */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainInfo"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description invalid fields: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainInfo"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainBody"];
            };
        };
        responses: {
            /** @description the domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainInfo"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description invalid fields: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_attachment_limits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the limits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLimits"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_attachment_limits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachmentLimits"];
            };
        };
        responses: {
            /** @description kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLimits"];
                };
            };
            /** @description the body is not JSON of the expected shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description a size out of range or a malformed type: `problems` lists each */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_config: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the config */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Config"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    put_config: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Config"];
            };
        };
        responses: {
            /** @description saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedConfig"];
                };
            };
            /** @description the body is not UTF-8 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description every problem, each with its JSON path: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_published: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the config */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Config"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain, or not published yet */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    installation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description what was seen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Installation"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    publish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description published */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Published"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the draft has problems: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_retention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the retention */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionSetting"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_retention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetentionSetting"];
            };
        };
        responses: {
            /** @description the retention now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionSetting"];
                };
            };
            /** @description days out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stats: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD (default: 29 days before `to`). */
                from?: string;
                /** @description YYYY-MM-DD (default: today). */
                to?: string;
            };
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatsAnswer"];
                };
            };
            /** @description bad dates, or a range over 366 days */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_versions: {
        parameters: {
            query?: {
                /** @description At most this many (default 100, 1-1000). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description domain id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionList"];
                };
            };
            /** @description bad limit */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_version: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
                /** @description version number (1, 2, …) */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionWithConfig"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain or version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restore_version: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description domain id */
                id: string;
                /** @description version number (1, 2, …) */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the new draft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Restored"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such domain or version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the version is not valid for the domain as it is now: `problems` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    erase_visitor_data: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitorEmailBody"];
            };
        };
        responses: {
            /** @description what was erased */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erased"];
                };
            };
            /** @description not an e-mail address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    export_visitor_data: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisitorEmailBody"];
            };
        };
        responses: {
            /** @description the visitor's data (no conversations: nothing is kept) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisitorExport"];
                };
            };
            /** @description not an e-mail address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description webhooks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookBody"];
            };
        };
        responses: {
            /** @description the webhook and its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description invalid URL or events: `problems` lists each */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such webhook */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhook_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such webhook */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resend_webhook_delivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description webhook id */
                id: string;
                /** @description delivery id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description queued: the delivery */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such webhook or delivery */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    test_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description queued: the delivery */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description not logged in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), or not an owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description no such webhook */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    upgrade: {
        parameters: {
            query?: {
                /** @description A visitor's realtime token (the public token URL gives it). */
                token?: string;
                /** @description With a token: must be the token's channel. */
                channelId?: string;
                /** @description With a token: must be the token's persona. */
                personaId?: string;
                /** @description With a token: resume from here at once (as a `resume` frame). */
                lastSeq?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description switching to the WebSocket protocol */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not a WebSocket upgrade, or lastSeq not a number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description an agent's session from another site's page */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description too many unauthenticated connections from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    collect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatsBody"];
            };
        };
        responses: {
            /** @description counted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not a statistics event, or a field out of bounds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description the body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    continue_page: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the link's token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the chat on a page of its own */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description to the page where the chat began, with #cnb-continue={token} */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not a link of this server's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description the link has expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    to_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description to /console/ */
            308: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    console_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML (no-cache, ETag) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the console is not built on this server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description file or app path */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file, or the index page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no such file under assets/ */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description the console is not built on this server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    embed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `{domainId}.js` */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                };
            };
            /** @description not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unknown or unpublished domain (a JavaScript comment says so) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                };
            };
        };
    };
    chat_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the file's id */
                id: string;
                /** @description the URL's MAC */
                mac: string;
                /** @description the file's name (what it is saved as) */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file: raster images inline, anything else as a download; nosniff and a sandbox policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no such file: a forged URL, or its chat is removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `ok` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description metrics are off (no `--metrics`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `ready`, then `store: ok` … */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description `not ready`, then the checks (reasons are in the server log), or `not ready: shutting down` while draining */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    static_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description file path */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no such file */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
        };
    };
    ask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the link's token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page, with its one button */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description not a link of this server's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description the link has expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    stop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the link's token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description stopped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description not a link of this server's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description the link has expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
}
