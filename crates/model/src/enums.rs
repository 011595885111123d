//! The closed value sets of the config (spec §3.1). On the wire every value is an upper-case
//! string. Each enum is declared once through `wire_enum!`, which also gives it the list of its
//! wire names, so validation messages never keep a second copy of these lists.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A config enum: its wire names, in declaration order.
pub trait WireEnum: Sized + Copy + 'static {
    /// Every variant, in declaration order.
    const ALL: &'static [Self];

    /// The upper-case string this variant has on the wire.
    fn as_str(self) -> &'static str;

    /// The variant with this exact wire name (case-sensitive, as serde reads it).
    fn from_wire(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.as_str() == s)
    }

    /// The wire names, in declaration order.
    fn names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|v| v.as_str())
    }
}

/// Declares an enum whose serde name, TypeScript name and `WireEnum::as_str` all come from the
/// one literal written next to each variant.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $wire)] $variant ),+
        }

        impl WireEnum for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];

            fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

wire_enum! {
    /// How a button shows its actions (spec §2.2).
    pub enum ButtonType {
        /// One action.
        Single = "SINGLE",
        /// A bar of at most 5 actions.
        Full = "FULL",
        /// Expands and collapses; no action limit.
        Multi = "MULTI",
        /// At most 10 actions.
        Dots = "DOTS",
    }
}

impl ButtonType {
    /// The number of actions this type may hold, as `(min, max)`; `None` means no upper limit
    /// (spec §9).
    pub fn action_limit(self) -> (usize, Option<usize>) {
        match self {
            ButtonType::Single => (1, Some(1)),
            ButtonType::Full => (0, Some(5)),
            ButtonType::Multi => (0, None),
            ButtonType::Dots => (0, Some(10)),
        }
    }
}

wire_enum! {
    /// Where on the page a button sits (spec §2.3).
    pub enum Placement {
        BottomCenter = "BOTTOM_CENTER",
        BottomLeft = "BOTTOM_LEFT",
        BottomRight = "BOTTOM_RIGHT",
        MiddleLeft = "MIDDLE_LEFT",
        MiddleRight = "MIDDLE_RIGHT",
        TopCenter = "TOP_CENTER",
        TopLeft = "TOP_LEFT",
        TopRight = "TOP_RIGHT",
    }
}

wire_enum! {
    /// Fixed to the viewport, or absolute inside the element named by `attachTo`.
    pub enum Position {
        Fixed = "FIXED",
        Absolute = "ABSOLUTE",
    }
}

wire_enum! {
    /// Which screens a button shows on (spec §2.3).
    pub enum DisplayMode {
        Always = "ALWAYS",
        MobileOnly = "MOBILE_ONLY",
        DesktopOnly = "DESKTOP_ONLY",
    }
}

wire_enum! {
    /// Attention animation of a button.
    pub enum Animation {
        None = "NONE",
        Shake = "SHAKE",
        Tada = "TADA",
        SonarLight = "SONAR_LIGHT",
        SonarDark = "SONAR_DARK",
    }
}

wire_enum! {
    /// How an icon is drawn (spec §3.4).
    pub enum IconType {
        Custom = "CUSTOM",
        Font = "FONT",
        FontMaterial = "FONT_MATERIAL",
        Svg = "SVG",
    }
}

wire_enum! {
    /// Whether a multi button starts expanded.
    pub enum MultiButtonState {
        Open = "OPEN",
        Closed = "CLOSED",
    }
}

wire_enum! {
    /// What an action does when tapped (spec §3.1).
    pub enum ActionType {
        Anchor = "ANCHOR",
        Chat = "CHAT",
        Email = "EMAIL",
        Facebook = "FACEBOOK",
        Iframe = "IFRAME",
        Intercom = "INTERCOM",
        Line = "LINE",
        Link = "LINK",
        Map = "MAP",
        Phone = "PHONE",
        Signal = "SIGNAL",
        Skype = "SKYPE",
        Sms = "SMS",
        Tally = "TALLY",
        Telegram = "TELEGRAM",
        Viber = "VIBER",
        Whatsapp = "WHATSAPP",
        Wechat = "WECHAT",
        Zalo = "ZALO",
    }
}

wire_enum! {
    /// Whether a matching condition lets a button through or keeps it out.
    pub enum FilterType {
        Include = "INCLUDE",
        Exclude = "EXCLUDE",
    }
}

wire_enum! {
    /// What a condition looks at: the page URL, the visitor's country, or agent availability.
    pub enum ConditionType {
        Url = "URL",
        Geo = "GEO",
        Chat = "CHAT",
    }
}

wire_enum! {
    /// How a condition compares; which ones apply depends on the condition type.
    pub enum MatchType {
        Exact = "EXACT",
        Regex = "REGEX",
        /// Path prefix.
        Simple = "SIMPLE",
        Substring = "SUBSTRING",
        CountryCode = "COUNTRY_CODE",
        AgentsAvailable = "AGENTS_AVAILABLE",
    }
}

impl MatchType {
    /// Whether this match type makes sense for `condition` (spec §3.1: URL matches are EXACT,
    /// REGEX, SIMPLE or SUBSTRING; GEO compares a COUNTRY_CODE; CHAT means AGENTS_AVAILABLE).
    pub fn applies_to(self, condition: ConditionType) -> bool {
        use MatchType::*;
        match condition {
            ConditionType::Url => matches!(self, Exact | Regex | Simple | Substring),
            ConditionType::Geo => self == CountryCode,
            ConditionType::Chat => self == AgentsAvailable,
        }
    }
}

wire_enum! {
    /// The plan of a domain; PRO removes the "Powered by" branding.
    pub enum DomainType {
        Free = "FREE",
        Starter = "STARTER",
        Pro = "PRO",
        Unknown = "UNKNOWN",
    }
}
