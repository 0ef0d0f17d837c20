import Foundation
import PostgresNIO
import TudyCore

// The board's posts: anyone reads them, only a post's writer changes it.
extension PostgresChatStore {
    // MARK: - Posts

    package func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        try query.check()
        var binds = PostgresBindings()
        let condition: String
        switch query {
        case .all:
            condition = "TRUE"
        case .work(let tag):
            binds.append(tag.lowercased())
            condition = "$1 = ANY(project.works)"
        case .words(let text):
            // One LIKE a word, so that each can go to the trigram index.
            let words = ProjectQuery.searchWords(text)
            words.forEach { binds.append(MessageSearch.likePattern($0)) }
            let likes = words.indices.map { "project.search_text LIKE $\($0 + 1)" }
            condition = likes.isEmpty ? "TRUE" : likes.joined(separator: " AND ")
        }
        return try await transaction { connection in
            try await Self.projects(where: condition, binds: binds, page: page, on: connection)
        }
    }

    package func project(id: Int) async throws -> Project {
        try await transaction { try await Self.project(id: id, on: $0) }
    }

    /// Posts, newest first. - Parameter condition: SQL the store builds from ids and `$n`
    ///   placeholders, never from text (that is in `binds`).
    static func projects(
        where condition: String, binds: PostgresBindings = PostgresBindings(), page: PostPage? = nil,
        on connection: PostgresConnection
    ) async throws -> [Project] {
        // The page's bounds are numbers, not text, so they may be written into the SQL.
        let below = page?.before.map { " AND project.id < \($0)" } ?? ""
        let limit = page.map { " LIMIT \($0.limit)" } ?? ""
        var projects: [Project] = []
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    SELECT project.id, project.title, project.works, project.capacity, project.body, users.name,
                           project.is_open, project.created_at, study.id,
                           (SELECT COUNT(*) FROM membership WHERE room_id = study.id AND is_member)::BIGINT
                    FROM project JOIN users ON users.id = project.writer_id LEFT JOIN room AS study ON study.project_id = project.id
                    WHERE (\(condition))\(below)
                    ORDER BY project.id DESC\(limit)
                    """, binds: binds), logger: quiet)
        for try await (id, title, works, capacity, body, writer, isOpen, createdAt, roomID, members) in rows.decode(
            (Int, String, [String], Int, String, String, Bool, Date, Int?, Int).self)
        {
            projects.append(
                Project(
                    id: id, title: title, works: works, capacity: capacity, body: body, writer: User(name: writer),
                    isOpen: isOpen, createdAt: createdAt, memberCount: roomID == nil ? 1 : members, roomID: roomID))
        }
        return projects
    }

    static func project(id: Int, on connection: PostgresConnection) async throws -> Project {
        guard let project = try await projects(where: "project.id = \(id)", on: connection).first else {
            throw StoreError.noSuchProject(id)
        }
        return project
    }

    package func createProject(_ draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let now = clock.now()
        return try await transaction { connection in
            let writerID = try await Self.signedIn(session.token, now: now, on: connection).id
            let since = now.addingTimeInterval(-Project.postingWindow)
            let recent = try await Self.one(
                Int.self, "SELECT COUNT(*)::bigint FROM project WHERE writer_id = \(writerID) AND created_at > \(since)", on: connection)
            try Project.checkPostingRate(recent: recent ?? 0)
            return try await Self.insertProject(draft, writerID: writerID, isOpen: true, createdAt: now, on: connection)
        }
    }

    static func insertProject(
        _ draft: ProjectDraft, writerID: Int, isOpen: Bool, createdAt: Date, on connection: PostgresConnection
    ) async throws -> Project {
        let id = try await one(
            Int.self,
            """
            INSERT INTO project (title, body, capacity, works, writer_id, is_open, created_at, search_text)
            VALUES (\(draft.title), \(draft.body), \(draft.capacity), \(draft.works), \(writerID), \(isOpen), \(createdAt),
                    \(ProjectQuery.searchText(title: draft.title, body: draft.body)))
            RETURNING id
            """, on: connection)
        return try await project(id: id ?? 0, on: connection)
    }

    package func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireWriter(projectID: id, session: session, now: now, on: connection)
            try await connection.query(
                """
                UPDATE project SET title = \(draft.title), body = \(draft.body), capacity = \(draft.capacity), works = \(draft.works),
                    search_text = \(ProjectQuery.searchText(title: draft.title, body: draft.body))
                WHERE id = \(id)
                """, logger: Self.quiet)
            return try await Self.project(id: id, on: connection)
        }
    }

    package func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireWriter(projectID: id, session: session, now: now, on: connection)
            try await connection.query("UPDATE project SET is_open = \(isOpen) WHERE id = \(id)", logger: Self.quiet)
            return try await Self.project(id: id, on: connection)
        }
    }

    package func deleteProject(id: Int, by session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            try await Self.requireWriter(projectID: id, session: session, now: now, on: connection)
            try await connection.query("DELETE FROM project WHERE id = \(id)", logger: Self.quiet)
        }
    }

    /// - Throws: `.notWriter` unless the session's user wrote the post (checked in the query).
    static func requireWriter(projectID: Int, session: Session, now: Date, on connection: PostgresConnection) async throws {
        let userID = try await signedIn(session.token, now: now, on: connection).id
        let project = try await project(id: projectID, on: connection)
        let writes = try await one(
            Int.self, "SELECT id FROM project WHERE id = \(projectID) AND writer_id = \(userID) FOR UPDATE", on: connection)
        guard writes != nil else { throw StoreError.notWriter(projectID: projectID, writer: project.writer.name) }
    }
}
