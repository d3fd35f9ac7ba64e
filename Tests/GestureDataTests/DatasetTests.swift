import Testing
import GestureData
import GestureGeometry

struct DatasetTests {
    private let d: Dataset = {
        func s(_ label: String?, _ subject: String?, folder: String? = nil) -> Sample {
            Sample(gesture: Gesture(points: [Point(x: 0, y: 0)]), label: label, subject: subject,
                   meta: folder.map { ["folder": $0] } ?? [:])
        }
        return Dataset([s("a", "1", folder: "s01 (pilot)"), s("b", "2"), s("a", "2"), s("c", "3"), s(nil, nil)])
    }()

    @Test func labelsSubjectsAndCounts() {
        #expect(d.labels == ["a", "b", "c"])
        #expect(d.subjects == ["1", "2", "3"])
        #expect(d.countsByLabel == ["a": 2, "b": 1, "c": 1, "": 1])
        #expect(d.countsBySubject == ["1": 1, "2": 2, "3": 1, "": 1])
        #expect(d.byLabel.mapValues(\.count) == ["a": 2, "b": 1, "c": 1])
    }

    @Test func subjectFiltersMatchIdOrFolder() {
        #expect(d.excludingSubjects(["1"]).count == 4)
        #expect(d.excludingSubjects(["s01 (pilot)"]).count == 4)
        #expect(d.excludingSubjects([String]()).count == 5)
        #expect(d.onlySubjects(["2", "3"]).count == 3)
    }

    @Test func labelFilter() {
        #expect(d.onlyLabels(["a", "c"]).samples.map(\.label) == ["a", "a", "c"])
    }

    @Test func leaveOneSubjectOutSplitsPartitionTheDataset() {
        let (test, train) = d.split(leavingOut: "2")
        #expect(test.count == 2 && train.count == 3)
        let folds = d.leaveOneSubjectOutFolds
        #expect(folds.map(\.subject) == ["1", "2", "3"])
        for f in folds {
            #expect(f.test.count + f.train.count == d.count)
            #expect(f.test.samples.allSatisfy { $0.subject == f.subject })
            #expect(!f.train.samples.contains { $0.subject == f.subject })
        }
    }

    @Test func emptyDataset() {
        let e = Dataset([])
        #expect(e.labels.isEmpty && e.subjects.isEmpty && e.leaveOneSubjectOutFolds.isEmpty)
    }
}
