import TudyCore

/// `/tree`: the live coordinator tree, each coordinator with its navigator's stack.
@MainActor
enum CoordinatorTree {
    /// The tree under `root`, one line a coordinator, drawn with box lines:
    /// `├── HomeCoordinator: board > #3`. The selected tab and the modal are marked.
    static func lines(root: any Coordinator, selected: Navigator, modal: Navigator?) -> [String] {
        var lines: [String] = []
        func add(_ coordinator: any Coordinator, lead: String, childLead: String) {
            lines.append(lead + label(coordinator, selected: selected, modal: modal))
            let children = coordinator.childCoordinators
            for (index, child) in children.enumerated() {
                let isLast = index == children.count - 1
                add(child, lead: childLead + (isLast ? "└── " : "├── "), childLead: childLead + (isLast ? "    " : "│   "))
            }
        }
        add(root, lead: "", childLead: "")
        return lines
    }

    private static func label(_ coordinator: any Coordinator, selected: Navigator, modal: Navigator?) -> String {
        let name = String(describing: type(of: coordinator))
        let screens = coordinator.navigationController.screens.map(\.title)
        let marks = [
            coordinator.navigationController === selected ? "selected tab" : nil,
            coordinator.navigationController === modal ? "modal" : nil,
        ].compactMap { $0 }
        return name + (marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")
            + (screens.isEmpty ? "" : ": " + screens.joined(separator: " > "))
    }
}
