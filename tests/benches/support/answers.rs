//! What the pages' answers say to a client that signs in: the cookies they set and where
//! they send it.

/// The `name=value` pairs `answer` sets as cookies, removals left out.
pub fn cookies_set(answer: &reqwest::Response) -> Vec<String> {
    answer
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .filter(|pair| {
            pair.split_once('=')
                .is_some_and(|(_, value)| !value.is_empty())
        })
        .map(str::to_owned)
        .collect()
}

/// Where `answer` redirects to, if it does.
pub fn location(answer: &reqwest::Response) -> Option<String> {
    answer
        .headers()
        .get(reqwest::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}
