/// Models of `github_events.json`: 30 events from GitHub's public event timeline (January 2013).
///
/// Decode with `try JSONDecoder().decode([GitHubEvent].self, from: data)`; the document is a
/// top-level array. The payload's members depend on the event type, so `GitHubEventPayload` holds
/// the union of all of them as optionals. Event ids are strings; every other id is a number.

// MARK: - Events

/// One event: who did what to which repository.
public struct GitHubEvent: Codable, Equatable, Sendable {
  /// The event id, a decimal number written as a string.
  public var id: String
  /// The event type, such as `PushEvent` or `IssuesEvent`.
  public var type: String
  /// The user who caused the event.
  public var actor: GitHubActor
  /// The repository the event happened in.
  public var repo: GitHubRepositoryReference
  /// The organization owning the repository; absent for personal repositories.
  public var org: GitHubActor?
  /// The type-specific details.
  public var payload: GitHubEventPayload
  /// Whether the event is public.
  public var `public`: Bool
  /// When the event happened, in ISO 8601.
  public var createdAt: String

  enum CodingKeys: String, CodingKey {
    case id
    case type
    case actor
    case repo
    case org
    case payload
    case `public`
    case createdAt = "created_at"
  }
}

/// The short form of a user or organization, as the event's `actor` and `org`.
public struct GitHubActor: Codable, Equatable, Sendable {
  /// The account id.
  public var id: Int
  /// The account name.
  public var login: String
  /// The account's Gravatar hash.
  public var gravatarID: String
  /// The account's avatar image.
  public var avatarURL: String
  /// The account's API URL.
  public var url: String

  enum CodingKeys: String, CodingKey {
    case id
    case login
    case gravatarID = "gravatar_id"
    case avatarURL = "avatar_url"
    case url
  }
}

/// The short form of a repository, as the event's `repo`.
public struct GitHubRepositoryReference: Codable, Equatable, Sendable {
  /// The repository id.
  public var id: Int
  /// The repository's `owner/name`.
  public var name: String
  /// The repository's API URL.
  public var url: String
}

// MARK: - Payload

/// The details of an event: the union of the members of every event type in the corpus.
///
/// Each member is present only for the event types listed in its documentation.
public struct GitHubEventPayload: Codable, Equatable, Sendable {
  /// What happened, such as `started`, `opened` or `created` (watch and issue events).
  public var action: String?
  /// The head commit before the push (push events).
  public var before: String?
  /// The head commit after the push (push events).
  public var head: String?
  /// The pushed ref, such as `refs/heads/master` (push events); the created branch name, or
  /// `null` for a new repository (create events).
  public var ref: String?
  /// The push id (push events).
  public var pushID: Int?
  /// The number of commits pushed (push events).
  public var size: Int?
  /// The number of pushed commits new to the repository (push events).
  public var distinctSize: Int?
  /// The pushed commits (push events).
  public var commits: [GitHubCommit]?
  /// What was created: `branch` or `repository` (create events).
  public var refType: String?
  /// The repository's default branch (create events).
  public var masterBranch: String?
  /// The repository's description (create events).
  public var description: String?
  /// The new fork (fork events).
  public var forkee: GitHubRepository?
  /// The issue acted on (issue and issue comment events).
  public var issue: GitHubIssue?
  /// The new comment (issue comment events).
  public var comment: GitHubIssueComment?
  /// The wiki pages changed (Gollum events).
  public var pages: [GitHubWikiPage]?

  enum CodingKeys: String, CodingKey {
    case action
    case before
    case head
    case ref
    case pushID = "push_id"
    case size
    case distinctSize = "distinct_size"
    case commits
    case refType = "ref_type"
    case masterBranch = "master_branch"
    case description
    case forkee
    case issue
    case comment
    case pages
  }
}

/// A commit in a push event.
public struct GitHubCommit: Codable, Equatable, Sendable {
  /// The commit hash.
  public var sha: String
  /// The commit author.
  public var author: GitHubCommitAuthor
  /// The commit message.
  public var message: String
  /// Whether the commit is new to the repository.
  public var distinct: Bool
  /// The commit's API URL.
  public var url: String
}

/// The author of a commit, as recorded in git.
public struct GitHubCommitAuthor: Codable, Equatable, Sendable {
  /// The author's email address.
  public var email: String
  /// The author's name.
  public var name: String
}

/// A wiki page changed in a Gollum event.
public struct GitHubWikiPage: Codable, Equatable, Sendable {
  /// The page's name.
  public var pageName: String
  /// The page's title.
  public var title: String
  /// The edit summary; always `null` in the corpus.
  public var summary: String?
  /// What happened to the page, such as `edited`.
  public var action: String
  /// The page's revision hash.
  public var sha: String
  /// The page's web URL.
  public var htmlURL: String

  enum CodingKeys: String, CodingKey {
    case pageName = "page_name"
    case title
    case summary
    case action
    case sha
    case htmlURL = "html_url"
  }
}

// MARK: - Users

/// The full form of a user, as the owner of a fork and the author or assignee of an issue.
public struct GitHubUser: Codable, Equatable, Sendable {
  /// The account name.
  public var login: String
  /// The account id.
  public var id: Int
  /// The account's avatar image.
  public var avatarURL: String
  /// The account's Gravatar hash.
  public var gravatarID: String
  /// The account's API URL.
  public var url: String
  /// The API URL of the account's followers.
  public var followersURL: String
  /// The API URL template of the accounts it follows.
  public var followingURL: String
  /// The API URL template of its gists.
  public var gistsURL: String
  /// The API URL template of the repositories it starred.
  public var starredURL: String
  /// The API URL of its subscriptions.
  public var subscriptionsURL: String
  /// The API URL of its organizations.
  public var organizationsURL: String
  /// The API URL of its repositories.
  public var reposURL: String
  /// The API URL template of its events.
  public var eventsURL: String
  /// The API URL of the events it received.
  public var receivedEventsURL: String
  /// The account type, such as `User`.
  public var type: String

  enum CodingKeys: String, CodingKey {
    case login
    case id
    case avatarURL = "avatar_url"
    case gravatarID = "gravatar_id"
    case url
    case followersURL = "followers_url"
    case followingURL = "following_url"
    case gistsURL = "gists_url"
    case starredURL = "starred_url"
    case subscriptionsURL = "subscriptions_url"
    case organizationsURL = "organizations_url"
    case reposURL = "repos_url"
    case eventsURL = "events_url"
    case receivedEventsURL = "received_events_url"
    case type
  }
}

// MARK: - Issues

/// An issue, as in issue and issue comment events.
public struct GitHubIssue: Codable, Equatable, Sendable {
  /// The issue's API URL.
  public var url: String
  /// The API URL template of its labels.
  public var labelsURL: String
  /// The API URL of its comments.
  public var commentsURL: String
  /// The API URL of its events.
  public var eventsURL: String
  /// The issue's web URL.
  public var htmlURL: String
  /// The issue id.
  public var id: Int
  /// The issue number within the repository.
  public var number: Int
  /// The issue's title.
  public var title: String
  /// The issue's author.
  public var user: GitHubUser
  /// The issue's labels; always empty in the corpus.
  public var labels: [UnobservedValue]
  /// `open` or `closed`.
  public var state: String
  /// The assigned user.
  public var assignee: GitHubUser?
  /// Always `null` in the corpus.
  public var milestone: UnobservedValue?
  /// The number of comments.
  public var comments: Int
  /// When the issue was opened, in ISO 8601.
  public var createdAt: String
  /// When the issue last changed, in ISO 8601.
  public var updatedAt: String
  /// When the issue was closed, in ISO 8601.
  public var closedAt: String?
  /// The linked pull request; its URLs are `null` for plain issues.
  public var pullRequest: GitHubIssuePullRequest
  /// The issue's text, in Markdown.
  public var body: String

  enum CodingKeys: String, CodingKey {
    case url
    case labelsURL = "labels_url"
    case commentsURL = "comments_url"
    case eventsURL = "events_url"
    case htmlURL = "html_url"
    case id
    case number
    case title
    case user
    case labels
    case state
    case assignee
    case milestone
    case comments
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case closedAt = "closed_at"
    case pullRequest = "pull_request"
    case body
  }
}

/// The pull request linked to an issue.
public struct GitHubIssuePullRequest: Codable, Equatable, Sendable {
  /// The pull request's web URL; always `null` in the corpus.
  public var htmlURL: String?
  /// The diff's URL; always `null` in the corpus.
  public var diffURL: String?
  /// The patch's URL; always `null` in the corpus.
  public var patchURL: String?

  enum CodingKeys: String, CodingKey {
    case htmlURL = "html_url"
    case diffURL = "diff_url"
    case patchURL = "patch_url"
  }
}

/// A comment on an issue.
public struct GitHubIssueComment: Codable, Equatable, Sendable {
  /// The comment's API URL.
  public var url: String
  /// The API URL of the issue commented on.
  public var issueURL: String
  /// The comment id.
  public var id: Int
  /// The comment's author.
  public var user: GitHubUser
  /// When the comment was posted, in ISO 8601.
  public var createdAt: String
  /// When the comment last changed, in ISO 8601.
  public var updatedAt: String
  /// The comment's text, in Markdown.
  public var body: String

  enum CodingKeys: String, CodingKey {
    case url
    case issueURL = "issue_url"
    case id
    case user
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case body
  }
}

// MARK: - Repositories

/// The full form of a repository, as the new fork of a fork event.
public struct GitHubRepository: Codable, Equatable, Sendable {
  /// The repository id.
  public var id: Int
  /// The repository's name.
  public var name: String
  /// The repository's `owner/name`.
  public var fullName: String
  /// The repository's owner.
  public var owner: GitHubUser
  /// Whether the repository is private.
  public var `private`: Bool
  /// The repository's web URL.
  public var htmlURL: String
  /// The repository's description.
  public var description: String
  /// Whether the repository is a fork.
  public var fork: Bool
  /// The repository's API URL.
  public var url: String
  /// The API URL of its forks.
  public var forksURL: String
  /// The API URL template of its deploy keys.
  public var keysURL: String
  /// The API URL template of its collaborators.
  public var collaboratorsURL: String
  /// The API URL of its teams.
  public var teamsURL: String
  /// The API URL of its hooks.
  public var hooksURL: String
  /// The API URL template of its issue events.
  public var issueEventsURL: String
  /// The API URL of its events.
  public var eventsURL: String
  /// The API URL template of its assignees.
  public var assigneesURL: String
  /// The API URL template of its branches.
  public var branchesURL: String
  /// The API URL template of its tags.
  public var tagsURL: String
  /// The API URL template of its git blobs.
  public var blobsURL: String
  /// The API URL template of its git tags.
  public var gitTagsURL: String
  /// The API URL template of its git refs.
  public var gitRefsURL: String
  /// The API URL template of its git trees.
  public var treesURL: String
  /// The API URL template of its commit statuses.
  public var statusesURL: String
  /// The API URL of its languages.
  public var languagesURL: String
  /// The API URL of its stargazers.
  public var stargazersURL: String
  /// The API URL of its contributors.
  public var contributorsURL: String
  /// The API URL of its subscribers.
  public var subscribersURL: String
  /// The API URL of the requesting user's subscription.
  public var subscriptionURL: String
  /// The API URL template of its commits.
  public var commitsURL: String
  /// The API URL template of its git commits.
  public var gitCommitsURL: String
  /// The API URL template of its commit comments.
  public var commentsURL: String
  /// The API URL template of its issue comments.
  public var issueCommentURL: String
  /// The API URL template of its file contents.
  public var contentsURL: String
  /// The API URL template of its comparisons.
  public var compareURL: String
  /// The API URL of its merges.
  public var mergesURL: String
  /// The API URL template of its archives.
  public var archiveURL: String
  /// The API URL of its downloads.
  public var downloadsURL: String
  /// The API URL template of its issues.
  public var issuesURL: String
  /// The API URL template of its pull requests.
  public var pullsURL: String
  /// The API URL template of its milestones.
  public var milestonesURL: String
  /// The API URL template of the requesting user's notifications.
  public var notificationsURL: String
  /// The API URL template of its labels.
  public var labelsURL: String
  /// When the repository was created, in ISO 8601.
  public var createdAt: String
  /// When the repository last changed, in ISO 8601.
  public var updatedAt: String
  /// When the repository was last pushed to, in ISO 8601.
  public var pushedAt: String
  /// The `git://` clone URL.
  public var gitURL: String
  /// The SSH clone URL.
  public var sshURL: String
  /// The HTTPS clone URL.
  public var cloneURL: String
  /// The Subversion URL.
  public var svnURL: String
  /// The project's home page; empty or `null` when unset.
  public var homepage: String?
  /// The size in kilobytes.
  public var size: Int
  /// The number of watchers.
  public var watchersCount: Int
  /// The main language.
  public var language: String
  /// Whether issues are enabled.
  public var hasIssues: Bool
  /// Whether downloads are enabled.
  public var hasDownloads: Bool
  /// Whether the wiki is enabled.
  public var hasWiki: Bool
  /// The number of forks.
  public var forksCount: Int
  /// The mirrored URL; always `null` in the corpus.
  public var mirrorURL: String?
  /// The number of open issues.
  public var openIssuesCount: Int
  /// The number of forks (legacy alias of `forksCount`).
  public var forks: Int
  /// The number of open issues (legacy alias of `openIssuesCount`).
  public var openIssues: Int
  /// The number of watchers (legacy alias of `watchersCount`).
  public var watchers: Int
  /// Whether the repository is public.
  public var `public`: Bool

  enum CodingKeys: String, CodingKey {
    case id
    case name
    case fullName = "full_name"
    case owner
    case `private`
    case htmlURL = "html_url"
    case description
    case fork
    case url
    case forksURL = "forks_url"
    case keysURL = "keys_url"
    case collaboratorsURL = "collaborators_url"
    case teamsURL = "teams_url"
    case hooksURL = "hooks_url"
    case issueEventsURL = "issue_events_url"
    case eventsURL = "events_url"
    case assigneesURL = "assignees_url"
    case branchesURL = "branches_url"
    case tagsURL = "tags_url"
    case blobsURL = "blobs_url"
    case gitTagsURL = "git_tags_url"
    case gitRefsURL = "git_refs_url"
    case treesURL = "trees_url"
    case statusesURL = "statuses_url"
    case languagesURL = "languages_url"
    case stargazersURL = "stargazers_url"
    case contributorsURL = "contributors_url"
    case subscribersURL = "subscribers_url"
    case subscriptionURL = "subscription_url"
    case commitsURL = "commits_url"
    case gitCommitsURL = "git_commits_url"
    case commentsURL = "comments_url"
    case issueCommentURL = "issue_comment_url"
    case contentsURL = "contents_url"
    case compareURL = "compare_url"
    case mergesURL = "merges_url"
    case archiveURL = "archive_url"
    case downloadsURL = "downloads_url"
    case issuesURL = "issues_url"
    case pullsURL = "pulls_url"
    case milestonesURL = "milestones_url"
    case notificationsURL = "notifications_url"
    case labelsURL = "labels_url"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case pushedAt = "pushed_at"
    case gitURL = "git_url"
    case sshURL = "ssh_url"
    case cloneURL = "clone_url"
    case svnURL = "svn_url"
    case homepage
    case size
    case watchersCount = "watchers_count"
    case language
    case hasIssues = "has_issues"
    case hasDownloads = "has_downloads"
    case hasWiki = "has_wiki"
    case forksCount = "forks_count"
    case mirrorURL = "mirror_url"
    case openIssuesCount = "open_issues_count"
    case forks
    case openIssues = "open_issues"
    case watchers
    case `public`
  }
}
