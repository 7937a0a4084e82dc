//! A server's roles and its members' roles, as Discord keeps them: `GET
//! /guilds/{guild}/roles`, and `PUT`/`DELETE /guilds/{guild}/members/{user}/roles/{role}`,
//! which a bot may do only with Manage Roles and only for a role below its own highest one
//! (Discord answers 403 Missing Permissions to both).

use std::collections::BTreeSet;

use serde_json::{Value, json};
use serenity::model::Permissions;
use serenity::model::id::{GuildId, RoleId, UserId};

use crate::rest::Reply;
use crate::state::{Shared, Store};

/// A role of the test server.
#[derive(Clone, Debug)]
pub(crate) struct Role {
    pub name: String,
    /// Higher is above; @everyone is 0.
    pub position: u32,
    pub permissions: Permissions,
}

/// The bot's own role's id (the role Discord makes for a bot added with permissions).
pub(crate) fn bot_role(shared: &Shared) -> RoleId {
    RoleId::new(shared.config.application_id.get())
}

/// The roles as Discord answers them: @everyone, the bot's role (with the bot's permissions)
/// and those the test made.
pub(crate) fn roles_json(shared: &Shared, store: &Store) -> Value {
    let everyone = RoleId::new(shared.config.guild_id.get());
    let mut all = vec![role_json(everyone, "@everyone", 0, Permissions::empty())];
    all.push(role_json(
        bot_role(shared),
        "dama",
        store.bot_role_position,
        store.bot_permissions,
    ));
    for (id, role) in &store.roles {
        all.push(role_json(*id, &role.name, role.position, role.permissions));
    }
    Value::Array(all)
}

fn role_json(id: RoleId, name: &str, position: u32, permissions: Permissions) -> Value {
    let mut value = crate::payloads::role(id.get(), name, permissions);
    value["position"] = json!(position);
    value
}

/// The roles `user` holds in the test server (the bot: its own role).
pub(crate) fn roles_of(shared: &Shared, store: &Store, user: UserId) -> Vec<RoleId> {
    if user == shared.config.bot.id {
        return vec![bot_role(shared)];
    }
    store
        .member_roles
        .get(&user)
        .map(|roles| roles.iter().copied().collect())
        .unwrap_or_default()
}

/// `PUT` (`give`) or `DELETE` a member's role.
pub(crate) fn member_role(
    shared: &Shared,
    guild: GuildId,
    user: UserId,
    role: RoleId,
    give: bool,
) -> Reply {
    let mut store = shared.store();
    if guild != shared.config.guild_id {
        return Reply::error(404, 10004, "Unknown Guild");
    }
    if !store.users.contains_key(&user) || store.not_members.contains(&(guild, user)) {
        return Reply::error(404, 10007, "Unknown Member");
    }
    let Some(found) = store.roles.get(&role) else {
        return Reply::error(404, 10011, "Unknown Role");
    };
    if !store.bot_permissions.contains(Permissions::MANAGE_ROLES) {
        return Reply::missing_permissions(Permissions::MANAGE_ROLES);
    }
    if found.position >= store.bot_role_position {
        return Reply::error(403, 50013, "Missing Permissions")
            .note(format!("role {role} is not below the bot's highest role"));
    }
    let held: &mut BTreeSet<RoleId> = store.member_roles.entry(user).or_default();
    if give {
        held.insert(role);
    } else {
        held.remove(&role);
    }
    Reply::no_content()
}
