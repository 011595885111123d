//! An agent's open socket follows its organisation (docs/realtime.md, `org-changed`): a domain
//! the owner adds reaches the consoles already open (its chats, its visitors seeing them
//! online, assignments there), a deleted one stops at once, and accounts coming or going are
//! told. Real server, real sockets.

use crate::common::realtime as support;

use reqwest::Method;
use serde_json::{json, Value};
use support::*;

/// The shop with its owner Olga and agent Ada logged in, each with a socket open:
/// (shop domain, owner's login, owner's id, owner's socket, Ada's login, Ada's socket).
struct Team {
    shop: String,
    owner: (String, String),
    owner_id: String,
    owner_ws: Ws,
    ada: (String, String),
    ada_ws: Ws,
}

async fn team(t: &T) -> Team {
    let (shop, org) = seed(t.store()).await;
    let owner_id = add_owner(t.store(), &org, "owner@shop.test", "Olga").await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let owner = login(t, "owner@shop.test").await;
    let ada = login(t, "agent@shop.test").await;
    let (owner_ws, ready) = Ws::agent(t, &owner.0).await;
    assert_eq!(ready["domains"], json!([shop]));
    let (ada_ws, _) = Ws::agent(t, &ada.0).await;
    Team {
        shop,
        owner,
        owner_id,
        owner_ws,
        ada,
        ada_ws,
    }
}

/// The owner adds `other.example` through the owner API; its id.
async fn add_domain(t: &T, owner: &(String, String)) -> String {
    let body = json!({"name": "other.example"});
    let (status, d) = call_as(t, owner, Method::POST, "/v1/owner/domains", Some(body)).await;
    assert_eq!(status, 201, "{d}");
    d["id"].as_str().expect("domain id").to_owned()
}

fn list(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_new_domains_chats_reach_the_consoles_already_open_and_its_visitors_see_them_online() {
    let t = spawn().await;
    let mut team = team(&t).await;
    let other = add_domain(&t, &team.owner).await;

    // Both open sockets hear of it and listen to it.
    for ws in [&mut team.owner_ws, &mut team.ada_ws] {
        let changed = ws.recv_op("org-changed").await;
        assert_eq!(
            list(&changed["domains"]),
            [team.shop.as_str(), &other],
            "{changed}"
        );
        assert!(
            list(&changed["domainsWithAgentsOnline"]).contains(&other.as_str()),
            "{changed}"
        );
    }
    assert!(
        available(&t, &other).await,
        "agents are available for the new domain"
    );

    // A visitor there: told the agents are online, and both consoles get the chat.
    let (channel, _, token) = new_chat(&t, &other, "Nia Visitor").await;
    let (mut visitor, ready) = Ws::visitor(&t, &token, None).await;
    assert_eq!(
        ready["agentsOnline"], true,
        "the visitor's header says Online"
    );
    visitor.say("v-1", "Hello from the other shop").await;
    for ws in [&mut team.owner_ws, &mut team.ada_ws] {
        let nc = ws.recv_op("new-channel").await;
        assert_eq!(nc["channel"]["id"], channel.as_str());
        assert_eq!(nc["channel"]["domainId"], other.as_str());
        let m = ws.recv_op("chat-message").await;
        assert_eq!(m["channelId"], channel.as_str());
        assert_eq!(m["message"]["text"], "Hello from the other shop");
    }

    // The agent answers on her open socket; the visitor reads it.
    team.ada_ws
        .send(reply(&channel, "a-1", "Hi Nia, Ada here"))
        .await;
    assert_eq!(team.ada_ws.recv_op("ack").await["seq"], 2);
    loop {
        let m = visitor.recv_op("chat-message").await;
        if m["seq"] == 2 {
            assert_eq!(m["message"]["text"], "Hi Nia, Ada here");
            break;
        }
    }

    // Ada assigns it to the owner: the owner's open socket hears it (the console's Mine).
    let path = format!("/v1/agent/channels/{channel}/assign");
    let body = json!({"agentId": team.owner_id});
    let (status, _) = call_as(&t, &team.ada, Method::POST, &path, Some(body)).await;
    assert_eq!(status, 200);
    let update = loop {
        let u = team.owner_ws.recv_op("channel-update").await;
        if u["update"] == "assigned" {
            break u;
        }
    };
    assert_eq!(update["channelId"], channel.as_str());
    assert_eq!(update["agentId"], team.owner_id.as_str());
}

#[tokio::test]
async fn a_deleted_domain_stops_at_once() {
    let t = spawn().await;
    let mut team = team(&t).await;
    let presence = &t.server.state.presence;
    assert!(presence.agents_online(&team.shop).await);
    let other = add_domain(&t, &team.owner).await;
    team.ada_ws.recv_op("org-changed").await;
    // Ada is typing in a chat of the shop when it goes.
    let (channel, _, _) = new_chat(&t, &team.shop, "Ann").await;
    let typing = |on: bool| json!({"op": "presence", "channelId": channel, "typing": on});
    team.ada_ws.send(typing(true)).await;

    let path = format!("/v1/owner/domains/{}", team.shop);
    let (status, _) = call_as(&t, &team.owner, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    for ws in [&mut team.owner_ws, &mut team.ada_ws] {
        let changed = loop {
            let c = ws.recv_op("org-changed").await;
            if !list(&c["domains"]).contains(&team.shop.as_str()) {
                break c;
            }
        };
        assert_eq!(list(&changed["domains"]), [other.as_str()], "{changed}");
    }
    // The leases on it are given up now, not when they would have run out.
    assert!(!presence.agents_online(&team.shop).await);
    assert!(presence.agents_online(&other).await);
    // Its chats went with it, even the one the socket had in hand.
    team.ada_ws.send(typing(false)).await;
    assert_eq!(team.ada_ws.recv_op("error").await["code"], 404);
}

#[tokio::test]
async fn accounts_coming_and_going_are_told_to_open_consoles() {
    let t = spawn().await;
    let mut team = team(&t).await;
    let body = json!({"email": "bo@shop.test", "name": "Bo", "password": PASSWORD});
    let (status, bo) = call_as(
        &t,
        &team.owner,
        Method::POST,
        "/v1/owner/agents",
        Some(body),
    )
    .await;
    assert_eq!(status, 201, "{bo}");
    let changed = team.ada_ws.recv_op("org-changed").await;
    assert_eq!(list(&changed["domains"]), [team.shop.as_str()]);

    let path = format!("/v1/owner/agents/{}", bo["id"].as_str().unwrap());
    let (status, _) = call_as(&t, &team.owner, Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    team.ada_ws.recv_op("org-changed").await;
    team.owner_ws.recv_op("org-changed").await;
}

#[tokio::test]
async fn canned_replies_added_changed_or_removed_are_told_to_open_consoles() {
    let t = spawn().await;
    let mut team = team(&t).await;
    let list_path = "/v1/owner/canned-replies";
    let body = json!({"shortcut": "hours", "text": "We are open 9 to 5."});
    let (status, reply) = call_as(&t, &team.owner, Method::POST, list_path, Some(body)).await;
    assert_eq!(status, 201, "{reply}");
    let one = format!("{list_path}/{}", reply["id"].as_str().unwrap());
    let changed = json!({"shortcut": "hours", "text": "9 to 6 now."});
    let (status, _) = call_as(&t, &team.owner, Method::PUT, &one, Some(changed)).await;
    assert_eq!(status, 200);
    let (status, _) = call_as(&t, &team.owner, Method::DELETE, &one, None).await;
    assert_eq!(status, 204);
    let allow = json!({"agentsMayEdit": true});
    let path = "/v1/owner/canned-reply-settings";
    let (status, _) = call_as(&t, &team.owner, Method::PUT, path, Some(allow)).await;
    assert_eq!(status, 200);
    // Each change once, to every console of the organisation; the domains stay as they were.
    for ws in [&mut team.owner_ws, &mut team.ada_ws] {
        assert_eq!(ws.recv_ops("canned-changed", 4).await.len(), 4);
        ws.nothing_more("canned-changed").await;
        ws.nothing_more("org-changed").await;
    }
    // A refused change is no change.
    let bad = json!({"shortcut": "with space", "text": "x"});
    let (status, _) = call_as(&t, &team.owner, Method::POST, list_path, Some(bad)).await;
    assert_eq!(status, 400);
    team.ada_ws.nothing_more("canned-changed").await;
}
